// SPEC's hard-coded samples: the trends and accounts the sidebar widgets (and Explore) show when
// their call fails. Kept out of locales/tr.ts so that a guest's first page does not carry them:
// the widgets load them only when they need them (the guest `/` JS budget of
// test/e2e/bundle-budget.test.ts).
export const samples = {
  trends: [
    { hashtag: 'gündem', postCount: 48 },
    { hashtag: 'teknoloji', postCount: 36 },
    { hashtag: 'yapayzeka', postCount: 29 },
    { hashtag: 'istanbul', postCount: 21 },
    { hashtag: 'kitap', postCount: 14 },
  ],
  accounts: [
    {
      _id: 'ornek-gundem',
      username: 'gundem',
      displayName: 'gündem',
      bio: 'Resmi hesap: duyurular, yenilikler ve ipuçları.',
      isVerified: true,
    },
    {
      _id: 'ornek-teknoloji',
      username: 'teknoloji_gundemi',
      displayName: 'Teknoloji Gündemi',
      bio: 'Yazılım, donanım ve yapay zekâ dünyasından haberler.',
      isVerified: true,
    },
    {
      _id: 'ornek-kitap',
      username: 'kitap_kurdu',
      displayName: 'Kitap Kurdu',
      bio: 'Her hafta bir kitap önerisi.',
      isVerified: false,
    },
    {
      _id: 'ornek-spor',
      username: 'spor_masasi',
      displayName: 'Spor Masası',
      bio: 'Maç sonuçları, transferler ve yorumlar.',
      isVerified: false,
    },
  ],
} as const;

// An English page writes its texts over these as this chunk loads (locales/en/index.ts).
globalThis.gundemEnglish?.('tr-samples.ts', { samples });
