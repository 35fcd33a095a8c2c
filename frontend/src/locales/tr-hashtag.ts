// The hashtag page's texts (issue 26), loaded with its screen's chunk, not with a guest's first
// page (the guest `/` JS budget of test/e2e/bundle-budget.test.ts).

/** `/hashtag/:tag`: the posts carrying a tag. */
export const trHashtag = {
  /** The page's title and document title: the tag with its `#`. */
  title: (tag: string) => `#${tag}`,
  subtitle: 'Bu etiketi taşıyan gönderiler',
  feedLabel: (tag: string) => `#${tag} etiketli gönderiler`,
  emptyTitle: (tag: string) => `#${tag} etiketli gönderi yok`,
  emptyText: 'Bu etiketi kullanan gönderiler burada, en yenisi en üstte görünecek.',
  loadFailed: 'Etiketin gönderileri yüklenemedi',
  back: 'Geri',
};

// An English page writes its texts over these as this chunk loads (locales/en/index.ts).
globalThis.gundemEnglish?.('tr-hashtag.ts', { trHashtag });
