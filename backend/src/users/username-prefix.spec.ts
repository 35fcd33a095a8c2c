import { prefixUpperBound, usernamePrefix } from './username-prefix';

describe('username prefix of the @ suggestions', () => {
  it('lowercases with Turkish rules and folds Turkish letters to the ASCII of usernames', () => {
    expect(usernamePrefix('İsmail')).toBe('ismail');
    expect(usernamePrefix('AYŞE')).toBe('ayse');
    expect(usernamePrefix('çağrı_Öz')).toBe('cagri_oz');
    // A dotless capital I lowercases to ı with Turkish rules, and ı folds to i.
    expect(usernamePrefix('IŞIK')).toBe('isik');
  });

  it('refuses what no username can start with', () => {
    expect(usernamePrefix('a b')).toBeNull();
    expect(usernamePrefix('%_')).toBeNull();
    expect(usernamePrefix('')).toBeNull();
    expect(usernamePrefix('a'.repeat(31))).toBeNull();
  });

  it('bounds the prefix range in byte order', () => {
    expect(prefixUpperBound('ay')).toBe('az');
    expect(prefixUpperBound('z')).toBe('{');
    expect(prefixUpperBound('ab_')).toBe('ab`');
    expect(['ay', 'ayse', 'ay_', 'ayz'].every((s) => s >= 'ay' && s < prefixUpperBound('ay'))).toBe(true);
    expect(['az', 'ax'].some((s) => s >= 'ay' && s < prefixUpperBound('ay'))).toBe(false);
  });
});
