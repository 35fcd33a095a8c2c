// Turkish strings kept apart from locales/tr.ts so that they load with their screen's chunk and not
// in every visitor's first page (issue 13's JS budget, as locales/tr-admin.ts). Texts quoted by
// docs/product.md are copied verbatim.

/** The explore screen's texts. */
export const trExplore = {
  title: 'Keşfet',
  searchLabel: 'Gönderilerde ara',
  searchPlaceholder: 'Gündemde ara',
  tabsLabel: 'Keşfet sekmeleri',
  tabTrending: 'Gündem',
  tabLatest: 'Son',
  tabPopular: 'Popüler',
  tabUsers: 'Kişiler',
  topicsTitle: 'Gündemdeki konular',
  suggestedTitle: 'Önerilen hesaplar',
  resultsFor: (query: string) => `"${query}" için sonuçlar`,
  clearSearch: 'Aramayı temizle',
  /** The people found by a search, above the posts. */
  peopleTitle: 'Kişiler',
  postsTitle: 'Gönderiler',
  peopleLoading: 'Kişiler aranıyor',
  peopleFailed: 'Kişiler yüklenemedi.',
  peopleRetry: 'Tekrar dene',
  peopleEmpty: (query: string) => `"${query}" ile başlayan bir kişi bulunamadı.`,
  /** The Kişiler tab's real suggestions. */
  usersLoading: 'Öneriler yükleniyor',
  usersEmpty: 'Şimdilik yeni öneri yok.',
  /** The Gündem tab's real trends (issue 26): the hashtags of the last 7 days. */
  trendContext: 'Son 7 günün gündeminde',
  trendsLoading: 'Gündem yükleniyor',
  trendsEmpty: 'Son 7 günde gündeme giren bir etiket yok.',
  /** The Popüler tab (issue 23): the most engaged posts of the last 24 hours. */
  /** The search results (features/posts/components/search-results.tsx). */
  searchFailed: 'Arama sonuçları yüklenemedi',
  searchEmpty: (query: string) => `"${query}" için sonuç bulunamadı`,
  searchEmptyText: 'Başka bir kelime ya da etiket aramayı deneyin.',
  popularFeedLabel: 'Popüler gönderiler',
  popularEmpty: 'Son 24 saatte öne çıkan gönderi yok',
  popularEmptyText: 'Beğenilen, yeniden paylaşılan ve yanıtlanan gönderiler burada, en çok etkileşim alan en üstte görünecek.',
  // The explore tab's hard-coded topics (docs/product.md#explore): only when the trends' call fails.
  topics: [
    { category: 'Teknoloji · Gündemde', title: '#yapayzeka', postCount: 12_400 },
    { category: 'Spor · Gündemde', title: '#derbi', postCount: 48_900 },
    { category: 'Gündem · Türkiye', title: '#deprem', postCount: 1_250_000 },
    { category: 'Kültür · Sanat', title: '#kitapönerisi', postCount: 3_100 },
    { category: 'Gezi · Gündemde', title: '#kapadokya', postCount: 860 },
  ],
};

// An English page writes its texts over these as this chunk loads (locales/en/index.ts).
globalThis.gundemEnglish?.('tr-explore.ts', { trExplore });
