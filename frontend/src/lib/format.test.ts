import {
  avatarInitial,
  displayNameOf,
  formatCount,
  formatFullDate,
  formatMonthYear,
  formatRelativeTime,
  truncate,
  usernameOf,
} from './format';

describe('format', () => {
  it('truncates at the limit and marks the cut', () => {
    expect(truncate('kısa', 60)).toBe('kısa');
    expect(truncate('x'.repeat(60), 60)).toBe('x'.repeat(60));
    expect(truncate('x'.repeat(61), 60)).toBe(`${'x'.repeat(60)}…`);
    // Characters, not UTF-16 units: an emoji counts once.
    expect(truncate('😀😀😀', 2)).toBe('😀😀…');
  });

  it('takes the upper-cased first letter with Turkish rules, "U" when none', () => {
    expect(avatarInitial('ayşe')).toBe('A');
    expect(avatarInitial('ismail')).toBe('İ');
    expect(avatarInitial('  çağla')).toBe('Ç');
    expect(avatarInitial('')).toBe('U');
    expect(avatarInitial(undefined)).toBe('U');
  });

  it('falls back to User and user', () => {
    expect(displayNameOf({})).toBe('User');
    expect(displayNameOf({ displayName: 'Ayşe' })).toBe('Ayşe');
    expect(usernameOf(null)).toBe('user');
    expect(usernameOf({ username: 'ayse' })).toBe('ayse');
  });

  it('formats counts with K and M and one decimal', () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1.0K');
    expect(formatCount(1500)).toBe('1.5K');
    expect(formatCount(2_300_000)).toBe('2.3M');
    expect(formatCount(999_999)).toBe('1.0M');
    expect(formatCount(undefined)).toBe('0');
    expect(formatCount(1200)).toBe('1.2K');
    expect(formatCount(1_500_000)).toBe('1.5M');
    expect(formatCount(0)).toBe('0');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-11-20T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const SECOND = 1000;
  const MINUTE = 60 * SECOND;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;

  it('uses the Turkish s, dk, sa and g on every screen (no English m, h, d)', () => {
    expect(formatRelativeTime(ago(0), now)).toBe('0s');
    expect(formatRelativeTime(ago(59 * SECOND), now)).toBe('59s');
    expect(formatRelativeTime(ago(60 * SECOND), now)).toBe('1dk');
    expect(formatRelativeTime(ago(15 * MINUTE + 30 * SECOND), now)).toBe('15dk');
    expect(formatRelativeTime(ago(59 * MINUTE), now)).toBe('59dk');
    expect(formatRelativeTime(ago(HOUR), now)).toBe('1sa');
    expect(formatRelativeTime(ago(23 * HOUR + 59 * MINUTE), now)).toBe('23sa');
    expect(formatRelativeTime(ago(DAY), now)).toBe('1g');
    expect(formatRelativeTime(ago(40 * DAY), now)).toBe('40g');
  });

  it('reads a future date as 0 seconds and an invalid one as nothing', () => {
    expect(formatRelativeTime(ago(-30 * SECOND), now)).toBe('0s');
    expect(formatRelativeTime(new Date(now - 3 * MINUTE), now)).toBe('3dk');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});

describe('formatFullDate', () => {
  it('prints what Intl prints for tr-TR (long date, short time), in every month, without building an Intl formatter', () => {
    const intl = new Intl.DateTimeFormat('tr-TR', { dateStyle: 'long', timeStyle: 'short' });
    for (let month = 0; month < 12; month++) {
      const date = new Date(2026, month, month * 2 + 1, month * 2, month * 5);
      expect(formatFullDate(date.toISOString())).toBe(intl.format(date));
    }
    expect(formatFullDate(new Date(2026, 10, 5, 4, 5))).toBe('5 Kasım 2026 04:05');
    expect(formatFullDate('not a date')).toBe('');
    expect(formatFullDate(null)).toBe('');
  });
});

describe('formatMonthYear', () => {
  it('names the month in Turkish', () => {
    expect(formatMonthYear('2026-11-05T10:00:00Z')).toBe('Kasım 2026');
    expect(formatMonthYear('2025-02-14T10:00:00Z')).toBe('Şubat 2025');
    expect(formatMonthYear(undefined)).toBe('');
  });
});
