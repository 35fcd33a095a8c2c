import { cleanDisplayName, hasMixedScripts, normaliseEmail, normaliseLogin, VISIBLE_CHARACTER } from './account-input';

describe('normaliseEmail', () => {
  it.each([
    ['  Ali@Ornek.COM ', 'ali@ornek.com'],
    // Turkish dotted capital İ: a plain i, not i + U+0307 (what toLowerCase() alone gives).
    ['ALİ@ORNEK.COM', 'ali@ornek.com'],
    ['ali\u0307@ornek.com', 'ali@ornek.com'],
    // Locale-independent: ASCII I is i, whatever the server's locale.
    ['IŞIK@ornek.com', 'işik@ornek.com'],
    // NFKC: fullwidth letters and the at sign, the Kelvin sign, a ligature.
    ['ＡＬＩ＠ornek.com', 'ali@ornek.com'],
    ['\u212Aemal@ornek.com', 'kemal@ornek.com'],
    ['\uFB01liz@ornek.com', 'filiz@ornek.com'],
    // The dotless ı is a letter of its own and stays.
    ['alı@ornek.com', 'alı@ornek.com'],
  ])('%j → %j', (raw, normalised) => {
    expect(normaliseEmail(raw)).toBe(normalised);
  });

  it('makes every spelling of one address equal, so they cannot become two accounts', () => {
    const spellings = ['ali@x.com', 'ALI@X.COM', 'ALİ@x.com', 'Ali@X.com', 'ａｌｉ@ｘ.ｃｏｍ', ' ali@x.com\u3000'];
    expect(new Set(spellings.map(normaliseEmail))).toEqual(new Set(['ali@x.com']));
  });

  it('is idempotent', () => {
    for (const raw of ['ALİ@ORNEK.COM', 'ＡＬＩ＠ornek.com', 'Şule.Öz@Örnek.com']) {
      expect(normaliseEmail(normaliseEmail(raw))).toBe(normaliseEmail(raw));
    }
  });

  it('folds usernames given as the login the same way', () => {
    expect(normaliseLogin(' AYSE ')).toBe('ayse');
    expect(normaliseLogin('ＡＹＳＥ')).toBe('ayse');
    expect(normaliseLogin('ALİ')).toBe('ali');
  });
});

describe('hasMixedScripts', () => {
  it.each([
    ['paypal@x.com', false],
    ['şule.öz@örnek.com.tr', false],
    ['ali@пример.рф', false],
    ['иван@пример.рф', false],
    ['user1_2-3@x.com', false],
    ['山田たろう@例え.jp', false],
    // Cyrillic а (U+0430) among Latin letters, in the local part and in a domain label.
    ['p\u0430ypal@x.com', true],
    ['paypal@p\u0430ypal.com', true],
    // Greek ο (U+03BF) in a Latin word.
    ['g\u03BFogle@x.com', true],
  ])('%j → %s', (email, mixed) => {
    expect(hasMixedScripts(email)).toBe(mixed);
  });
});

describe('cleanDisplayName', () => {
  it('strips bidi controls and zero-width characters, then trims', () => {
    expect(cleanDisplayName('\u202EAyşe\u202C Yılmaz')).toBe('Ayşe Yılmaz');
    expect(cleanDisplayName('\u2066Ali\u2069\u200E\u200F\u061C')).toBe('Ali');
    expect(cleanDisplayName('A\u200Bh\u200Cm\u200De\u2060t\uFEFF')).toBe('Ahmet');
    expect(cleanDisplayName(' \u200B \u202E ')).toBe('');
  });

  it('keeps the joiner inside an emoji sequence, and everything else as typed', () => {
    expect(cleanDisplayName('Ayşe 👩‍💻')).toBe('Ayşe 👩‍💻');
    expect(cleanDisplayName('👩🏽‍💻 Deniz')).toBe('👩🏽‍💻 Deniz');
    expect(cleanDisplayName('\u200D👩\u200D')).toBe('👩');
    expect(cleanDisplayName('Çağrı Öztürk (İzmir)')).toBe('Çağrı Öztürk (İzmir)');
  });
});

describe('VISIBLE_CHARACTER', () => {
  it('refuses passwords of spaces and invisible characters only', () => {
    for (const blank of ['      ', '\t\t\t\t\t\t', '\u00A0\u3000     ', '\u200B'.repeat(6)]) expect(VISIBLE_CHARACTER.test(blank)).toBe(false);
    for (const ok of ['gizli123', '  a   ', 'şifre ile boşluk']) expect(VISIBLE_CHARACTER.test(ok)).toBe(true);
  });
});
