import { isBlockedEmail, normaliseBlockedDomain } from './blocked-domains';

describe('e-mail domain blocklist', () => {
  it.each([
    ['ornek.com', 'ornek.com'],
    ['  Ornek.COM  ', 'ornek.com'],
    ['@ornek.com', 'ornek.com'],
    ['*.ornek.com', 'ornek.com'],
    ['ornek.com.', 'ornek.com'],
    ['örnek.com', 'xn--rnek-4qa.com'],
    ['posta.ornek.com.tr', 'posta.ornek.com.tr'],
  ])('normalises %j to %j', (raw, expected) => {
    expect(normaliseBlockedDomain(raw)).toBe(expected);
  });

  it.each(['', 'ornek', 'a@b.com', 'http://ornek.com', 'ornek..com', '-ornek.com', 'ornek.com/yol', 'iki kelime.com'])('refuses %j', (raw) => {
    expect(normaliseBlockedDomain(raw)).toBe('');
  });

  it('blocks the domain and its subdomains only, case-insensitively', () => {
    const blocked = ['ornek.com', 'xn--rnek-4qa.com'];
    expect(isBlockedEmail('ali@ornek.com', blocked)).toBe(true);
    expect(isBlockedEmail('ali@posta.ORNEK.com', blocked)).toBe(true);
    expect(isBlockedEmail('ali@örnek.com', blocked)).toBe(true);
    expect(isBlockedEmail('ali@benzerornek.com', blocked)).toBe(false);
    expect(isBlockedEmail('ali@ornek.com.tr', blocked)).toBe(false);
    expect(isBlockedEmail('ali@ornek.com', [])).toBe(false);
  });
});
