import { tr } from '../locales/tr';
import type { User } from './types';

const LOCALE = 'tr-TR';

/** Cuts `text` to `max` characters (not UTF-16 units) and adds "…" when something was cut. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join('')}…`;
}

/** First letter of the display name, upper-cased with Turkish rules (i → İ); "U" when none. */
export function avatarInitial(displayName: string | null | undefined): string {
  const first = Array.from((displayName ?? '').trim())[0];
  return first ? first.toLocaleUpperCase(LOCALE) : tr.user.fallbackInitial;
}

export function displayNameOf(user: Pick<User, 'displayName'> | null | undefined): string {
  return user?.displayName?.trim() || tr.user.fallbackName;
}

export function usernameOf(user: Pick<User, 'username'> | null | undefined): string {
  return user?.username?.trim() || tr.user.fallbackUsername;
}

/** 999 → "999", 1500 → "1.5K", 2300000 → "2.3M": K and M with one decimal (SPEC.md 9). */
export function formatCount(value: number | null | undefined): string {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  // 999 950 would round to "1000.0K": switch unit on the rounded value.
  if (Math.abs(n) >= 999_950) return `${(n / 1_000_000).toFixed(1)}M`;
  if (Math.abs(n) >= 1_000) return `${(n / 1_000).toFixed(1)}K`;
  return String(n);
}
