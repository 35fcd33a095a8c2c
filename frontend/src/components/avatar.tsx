import { useState } from 'react';
import { avatarInitial } from '../lib/format';

export type AvatarSize = 'sm' | 'md' | 'lg' | 'xl';

// A stable colour per person, so the same initial does not always look the same: one of the
// PALETTE_SIZE `avatar--tone-N` classes of styles/global.css. A class, not an inline style: the
// server-rendered HTML of a guest's `/` (entry-server.tsx) would carry a style attribute, which
// the Content-Security-Policy's `style-src 'self'` does not apply.
const PALETTE_SIZE = 7;

function toneFor(seed: string): number {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % PALETTE_SIZE;
}

export interface AvatarProps {
  displayName?: string | null;
  /** Seeds the background colour; defaults to the display name. */
  seed?: string | null;
  size?: AvatarSize;
  className?: string;
  /** The uploaded picture (the user's `profileImage`); the initial letter when absent or when it fails to load. */
  src?: string | null;
}

/**
 * A person's avatar: their picture when they have one, else (or when it does not load) the
 * initial of their name on their colour. Decorative: the name is always beside it, so the image's
 * alt is empty and the whole is hidden from assistive technology. The box is the size class's; the
 * picture covers it.
 */
export function Avatar({ displayName, seed, size = 'md', className, src }: AvatarProps) {
  const initial = avatarInitial(displayName);
  // The URL that failed, not a flag: a new picture gets its own try.
  const [failed, setFailed] = useState<string | null>(null);
  const image = src && src !== failed ? src : null;
  return (
    <span
      className={['avatar', `avatar--${size}`, `avatar--tone-${toneFor(seed || displayName || initial)}`, className]
        .filter(Boolean)
        .join(' ')}
      aria-hidden="true"
      data-testid="avatar"
    >
      {image ? (
        <img
          className="avatar__image"
          src={image}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setFailed(image)}
        />
      ) : (
        initial
      )}
    </span>
  );
}
