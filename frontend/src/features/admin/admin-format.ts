// Formatting used only by the back office (dates as calendar dates, counts in full), in the
// page's language (its chunk loads after main.tsx set it).
import { intlLocale } from '../../lib/locale';

const LOCALE = intlLocale();

const numberFormat = new Intl.NumberFormat(LOCALE);
const dateFormat = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long', timeStyle: 'short' });

/** 12345 → "12.345" (Turkish digit grouping). */
export function formatNumber(value: number | null | undefined): string {
  return numberFormat.format(typeof value === 'number' && Number.isFinite(value) ? value : 0);
}

/**
 * A total the server estimated (a big table, or a search matching thousands): "~12.345", so
 * nobody reads it as an exact count.
 */
export function formatCount(value: number | null | undefined, estimated: boolean | undefined): string {
  return estimated ? `~${formatNumber(value)}` : formatNumber(value);
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
const byteFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });

/** Stored bytes in 1024 steps: 0 → "0 B", 1_258_291 → "1,2 MB" (Turkish decimal comma). */
export function formatBytes(value: number | null | undefined): string {
  let size = typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
  let unit = 0;
  while (size >= 1024 && unit < BYTE_UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  // 1023,96 KB would read "1.024 KB": round first, and step up when the rounding reaches 1024.
  let rounded = unit === 0 ? Math.round(size) : Math.round(size * 10) / 10;
  if (rounded >= 1024 && unit < BYTE_UNITS.length - 1) {
    rounded = 1;
    unit += 1;
  }
  return `${byteFormat.format(rounded)} ${BYTE_UNITS[unit]}`;
}

function toTime(date: string | null | undefined): number {
  return date ? new Date(date).getTime() : Number.NaN;
}

/** "5 Kas 2026"; an empty string for a missing or invalid date. */
export function formatDate(date: string | null | undefined): string {
  const time = toTime(date);
  return Number.isNaN(time) ? '' : dateFormat.format(time);
}

/** "5 Kasım 2026 14:05", for tooltips. */
export function formatDateTime(date: string | null | undefined): string {
  const time = toTime(date);
  return Number.isNaN(time) ? '' : dateTimeFormat.format(time);
}
