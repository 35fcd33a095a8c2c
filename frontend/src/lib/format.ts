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

export function displayNameOf(user: Partial<Pick<User, 'displayName'>> | null | undefined): string {
  return user?.displayName?.trim() || tr.user.fallbackName;
}

export function usernameOf(user: Partial<Pick<User, 'username'>> | null | undefined): string {
  return user?.username?.trim() || tr.user.fallbackUsername;
}

/** 999 → "999", 1500 → "1.5K", 2300000 → "2.3M": K and M with one decimal (docs/product.md#limits-and-timings). */
export function formatCount(value: number | null | undefined): string {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  // 999 950 would round to "1000.0K": switch unit on the rounded value.
  if (Math.abs(n) >= 999_950) return `${(n / 1_000_000).toFixed(1)}M`;
  if (Math.abs(n) >= 1_000) return `${(n / 1_000).toFixed(1)}K`;
  return String(n);
}

function toTime(date: string | number | Date | null | undefined): number {
  if (date instanceof Date) return date.getTime();
  if (typeof date === 'number') return date;
  return date ? new Date(date).getTime() : Number.NaN;
}

/**
 * Time since `date` in the largest whole unit, the same Turkish short form on every screen:
 * "45s", "5dk", "3sa", "2g" (docs/product.md#limits-and-timings; issue 23: the home feed's "5m"
 * read as English next to "5dk" elsewhere). A date in the future (clock skew) reads as 0 seconds;
 * an invalid one as an empty string.
 */
export function formatRelativeTime(
  date: string | number | Date | null | undefined,
  now: number = Date.now(),
): string {
  const time = toTime(date);
  if (Number.isNaN(time)) return '';
  const [second, minute, hour, day] = tr.time.units;
  const seconds = Math.max(0, Math.floor((now - time) / 1000));
  if (seconds < 60) return `${seconds}${second}`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}${minute}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}${hour}`;
  return `${Math.floor(hours / 24)}${day}`;
}

/**
 * The full date and time, for a tooltip: "5 Kasım 2026 14:05", in the device's time zone — what
 * `Intl.DateTimeFormat('tr-TR', { dateStyle: 'long', timeStyle: 'short' })` prints, composed by
 * hand: the first Intl.DateTimeFormat of a page loads the locale's calendar data, about 70 ms of
 * main thread on a fast machine and several times that on a phone, which every feed's first paint
 * paid for the title of its first post (issue 13's blocking time).
 */
export function formatFullDate(date: string | number | Date | null | undefined): string {
  const time = toTime(date);
  if (Number.isNaN(time)) return '';
  const d = new Date(time);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getDate()} ${tr.time.months[d.getMonth()]} ${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Month and year in Turkish: "Kasım 2026" (the profile's join date), composed as formatFullDate is. */
export function formatMonthYear(date: string | number | Date | null | undefined): string {
  const time = toTime(date);
  if (Number.isNaN(time)) return '';
  const d = new Date(time);
  return `${tr.time.months[d.getMonth()]} ${d.getFullYear()}`;
}
