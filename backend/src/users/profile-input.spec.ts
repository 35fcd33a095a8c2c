import { cleanProfileInput, normaliseWebsite } from './profile-input';
import {
  PROFILE_BIO_TOO_LONG,
  PROFILE_DISPLAY_NAME_REQUIRED,
  PROFILE_DISPLAY_NAME_TOO_LONG,
  PROFILE_LOCATION_TOO_LONG,
  PROFILE_UPDATE_EMPTY,
  PROFILE_WEBSITE_CREDENTIALS,
  PROFILE_WEBSITE_INVALID,
  PROFILE_WEBSITE_SCHEME,
  PROFILE_WEBSITE_TOO_LONG,
} from './users.texts';

describe('normaliseWebsite', () => {
  it.each([
    ['', ''],
    ['   ', ''],
    ['ornek.com', 'https://ornek.com'],
    ['  ornek.com/sayfa  ', 'https://ornek.com/sayfa'],
    // A pasted line break around it is trimmed, not refused.
    ['ornek.com\n', 'https://ornek.com'],
    ['www.ornek.com.tr/', 'https://www.ornek.com.tr'],
    ['HTTPS://Ornek.COM/Yol?a=1#b', 'https://ornek.com/Yol?a=1#b'],
    ['http://ornek.com', 'http://ornek.com'],
    ['ornek.com:8080/x', 'https://ornek.com:8080/x'],
    ['//ornek.com', 'https://ornek.com'],
    ['https://gundem.local/ayse', 'https://gundem.local/ayse'],
    ['93.184.216.34', 'https://93.184.216.34'],
    // An IDN becomes the punycode the browser goes to.
    ['şirket.com', 'https://xn--irket-idb.com'],
  ])('%j → %j', (raw, stored) => {
    expect(normaliseWebsite(raw)).toEqual({ ok: true, value: stored });
  });

  it.each([
    ['javascript:alert(1)', PROFILE_WEBSITE_SCHEME],
    ['JavaScript:alert(document.cookie)', PROFILE_WEBSITE_SCHEME],
    ['data:text/html,<script>alert(1)</script>', PROFILE_WEBSITE_SCHEME],
    ['vbscript:msgbox', PROFILE_WEBSITE_SCHEME],
    ['ftp://ornek.com', PROFILE_WEBSITE_SCHEME],
    ['mailto:ali@ornek.com', PROFILE_WEBSITE_SCHEME],
    ['file:///etc/passwd', PROFILE_WEBSITE_SCHEME],
    ['https://kullanici:sifre@ornek.com', PROFILE_WEBSITE_CREDENTIALS],
    ['https://ornek.com@kotu.com', PROFILE_WEBSITE_CREDENTIALS],
    ['ali@ornek.com', PROFILE_WEBSITE_CREDENTIALS],
    ['localhost', PROFILE_WEBSITE_INVALID],
    ['localhost:3000', PROFILE_WEBSITE_INVALID],
    ['javascript:1', PROFILE_WEBSITE_INVALID],
    ['https://ornek', PROFILE_WEBSITE_INVALID],
    ['ornek.c', PROFILE_WEBSITE_INVALID],
    ['ornek..com', PROFILE_WEBSITE_INVALID],
    ['https://', PROFILE_WEBSITE_INVALID],
    ['https://ornek.com/bir sayfa', PROFILE_WEBSITE_INVALID],
    ['https://ornek.com/\u0000', PROFILE_WEBSITE_INVALID],
    [`ornek.com/${'a'.repeat(90)}`, PROFILE_WEBSITE_TOO_LONG],
  ])('%j is refused with its reason', (raw, message) => {
    expect(normaliseWebsite(raw)).toEqual({ ok: false, message });
  });

  it('counts the limit on the stored form: 100 characters pass, 101 do not', () => {
    const path = (n: number) => `ornek.com/${'a'.repeat(n)}`;
    // `https://ornek.com/` is 18 characters.
    expect(normaliseWebsite(path(82))).toEqual({ ok: true, value: `https://${path(82)}` });
    expect(normaliseWebsite(path(83))).toEqual({ ok: false, message: PROFILE_WEBSITE_TOO_LONG });
  });
});

describe('cleanProfileInput', () => {
  it('refuses a body naming none of the fields', () => {
    expect(cleanProfileInput({})).toEqual({ ok: false, message: PROFILE_UPDATE_EMPTY });
  });

  it('trims every field and keeps only the ones named', () => {
    expect(cleanProfileInput({ displayName: '  Ayşe  Yılmaz ', location: ' İstanbul\n' })).toEqual({
      ok: true,
      value: { displayName: 'Ayşe Yılmaz', location: 'İstanbul' },
    });
    expect(cleanProfileInput({ bio: '  Kahve\nkitap  ' })).toEqual({ ok: true, value: { bio: 'Kahve\nkitap' } });
  });

  it('clears bio, location and website with an empty text, never the display name', () => {
    expect(cleanProfileInput({ bio: '', location: ' ', website: '' })).toEqual({ ok: true, value: { bio: '', location: '', website: '' } });
    expect(cleanProfileInput({ displayName: '   ' })).toEqual({ ok: false, message: PROFILE_DISPLAY_NAME_REQUIRED });
    // Only invisible characters: nothing visible is left.
    expect(cleanProfileInput({ displayName: '\u200B\u202E' })).toEqual({ ok: false, message: PROFILE_DISPLAY_NAME_REQUIRED });
  });

  it('strips bidi controls from the display name and the location', () => {
    expect(cleanProfileInput({ displayName: 'Ali\u202Eveli', location: 'An\u200Bkara' })).toEqual({
      ok: true,
      value: { displayName: 'Aliveli', location: 'Ankara' },
    });
  });

  it('counts characters, not UTF-16 units, at each limit', () => {
    const emoji = '😀';
    expect(cleanProfileInput({ displayName: emoji.repeat(50) })).toEqual({ ok: true, value: { displayName: emoji.repeat(50) } });
    expect(cleanProfileInput({ displayName: 'a'.repeat(51) })).toEqual({ ok: false, message: PROFILE_DISPLAY_NAME_TOO_LONG });
    expect(cleanProfileInput({ bio: 'ş'.repeat(160) })).toEqual({ ok: true, value: { bio: 'ş'.repeat(160) } });
    expect(cleanProfileInput({ bio: 'ş'.repeat(161) })).toEqual({ ok: false, message: PROFILE_BIO_TOO_LONG });
    expect(cleanProfileInput({ location: 'ç'.repeat(30) })).toEqual({ ok: true, value: { location: 'ç'.repeat(30) } });
    expect(cleanProfileInput({ location: 'ç'.repeat(31) })).toEqual({ ok: false, message: PROFILE_LOCATION_TOO_LONG });
  });

  it('answers the website refusal as the field’s', () => {
    expect(cleanProfileInput({ bio: 'iyi', website: 'javascript:alert(1)' })).toEqual({ ok: false, message: PROFILE_WEBSITE_SCHEME });
  });
});
