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
}

export function Avatar({ displayName, seed, size = 'md', className }: AvatarProps) {
  const initial = avatarInitial(displayName);
  return (
    <span
      className={['avatar', `avatar--${size}`, `avatar--tone-${toneFor(seed || displayName || initial)}`, className]
        .filter(Boolean)
        .join(' ')}
      aria-hidden="true"
      data-testid="avatar"
    >
      {initial}
    </span>
  );
}
