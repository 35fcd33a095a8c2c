// Turkish strings of the `Yer işaretleri` page (issue 27), loaded with its chunk (as
// locales/tr-hashtag.ts). Texts quoted by docs/product.md are copied verbatim.

/** The bookmarks page's texts; the `⋯` menu's entry is trPostMenu's. */
export const trBookmarks = {
  title: 'Yer işaretleri',
  feedLabel: 'Yer işaretleriniz',
  /** Under the title: no one else sees the list. */
  privateNote: 'Yalnızca siz görebilirsiniz.',
  emptyTitle: 'Henüz yer işaretiniz yok',
  emptyText: 'Bir gönderiyi sonra okumak için ⋯ menüsünden “Yer işaretlerine ekle”yi seçin.',
  loadFailed: 'Yer işaretleri yüklenemedi',
};

// An English page writes its texts over these as this chunk loads (locales/en/index.ts).
globalThis.gundemEnglish?.('tr-bookmarks.ts', { trBookmarks });
