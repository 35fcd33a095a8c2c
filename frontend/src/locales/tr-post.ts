// Turkish strings kept apart from locales/tr.ts so that they load with their screen's chunk and not
// in every visitor's first page (issue 13's JS budget, as locales/tr-admin.ts). Texts quoted by
// docs/product.md are copied verbatim.

/** The post page's texts. */
export const trPost = {
  title: 'Gönderi',
  notFound: 'Gönderi bulunamadı',
  // Issue 26: a protected account's post opened by someone who is not its approved follower.
  protectedTitle: 'Bu gönderi korunuyor',
  protectedText: 'Yalnızca yazarın onayladığı takipçiler bu gönderiyi görebilir.',
  notFoundText: 'Bu gönderi silinmiş ya da hiç var olmamış olabilir.',
  loadFailed: 'Gönderi yüklenemedi',
  repliesLabel: 'Yanıtlar',
  noReplies: 'Henüz yanıt yok',
  noRepliesText: 'İlk yanıtı siz yazın.',
  moreReplies: 'Daha fazla yanıt',
  replyGuest: 'Yanıt yazmak için giriş yapın.',
  ancestorsLabel: 'Dizideki önceki gönderiler',
  /** Above the topmost ancestor shown when the thread goes further up: opens its page. */
  moreAncestors: 'Dizide daha fazla gönderi göster',
};

// An English page writes its texts over these as this chunk loads (locales/en/index.ts).
globalThis.gundemEnglish?.('tr-post.ts', { trPost });
