import { avatarInitial } from '../lib/format';

export type AvatarSize = 'sm' | 'md' | 'lg' | 'xl';

// A stable colour per person, so the same initial does not always look the same.
const PALETTE = ['#d62839', '#1d9bf0', '#7856ff', '#00a676', '#f4900c', '#e0245e', '#0f7c90'];

function colourFor(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[hash % PALETTE.length];
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
      className={['avatar', `avatar--${size}`, className].filter(Boolean).join(' ')}
      style={{ backgroundColor: colourFor(seed || displayName || initial) }}
      aria-hidden="true"
      data-testid="avatar"
    >
      {initial}
    </span>
  );
}
