import { avatarInitial, displayNameOf, formatCount, truncate, usernameOf } from './format';

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
  });
});
