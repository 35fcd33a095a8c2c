// Turkish strings kept apart from locales/tr.ts so that they load with their screen's chunk and not
// in every visitor's first page (issue 13's JS budget, as locales/tr-admin.ts). Texts quoted by
// docs/product.md are copied verbatim.

// The ⋯ menu of a post and its delete confirmation (features/posts/components/post-menu.tsx); the
// button's own name is tr.posts.more, in the card.
/** The post card's ⋯ menu's texts. */
export const trPostMenu = {
  label: 'Gönderi işlemleri menüsü',
  delete: 'Sil',
  confirmTitle: 'Gönderi silinsin mi?',
  confirmText:
    'Bu işlem geri alınamaz. Gönderi profilinden, akışlardan ve arama sonuçlarından kaldırılacak.',
  confirm: 'Sil',
  cancel: 'Vazgeç',
  deleting: 'Siliniyor…',
  failed: 'Gönderi silinemedi. Lütfen tekrar deneyin.',
  networkError: 'Bağlantı hatası. Lütfen tekrar deneyin.',
  /** The toast after a delete (as the back office's `Gönderi silindi!`, without the exclamation). */
  deleted: 'Gönderi silindi',
  /** Issue 27: one's own post, edited in a dialog (features/posts/components/edit-post-dialog.tsx). */
  edit: 'Düzenle',
  editSaved: 'Gönderi düzenlendi',
  /** Issue 27: the quote policy of one's own post. */
  quotesOff: 'Alıntılanmayı kapat',
  quotesOn: 'Alıntılanmaya izin ver',
  quotesTurnedOff: 'Bu gönderi artık alıntılanamaz',
  quotesTurnedOn: 'Bu gönderi yeniden alıntılanabilir',
  quotesFailed: 'Alıntı ayarı kaydedilemedi. Lütfen tekrar deneyin.',
  copyLink: 'Bağlantıyı kopyala',
  linkCopied: 'Bağlantı panoya kopyalandı',
  copyFailed: 'Bağlantı kopyalanamadı. Lütfen tekrar deneyin.',
  /** Issue 27: `Yer işaretleri`, private (the author is not told). */
  bookmark: 'Yer işaretlerine ekle',
  unbookmark: 'Yer işaretlerinden kaldır',
  bookmarked: 'Yer işaretlerine eklendi',
  unbookmarked: 'Yer işaretlerinden kaldırıldı',
  bookmarkFailed: 'Yer işareti kaydedilemedi. Lütfen tekrar deneyin.',
  /** Issue 27: `Profile sabitle`, on the member's own posts (one pinned post; a new pin replaces it). */
  pin: 'Profile sabitle',
  unpin: 'Sabitlemeyi kaldır',
  pinned: 'Gönderiniz profilinize sabitlendi',
  unpinned: 'Gönderinizin sabitlemesi kaldırıldı',
  pinFailed: 'Gönderi sabitlenemedi. Lütfen tekrar deneyin.',
  unpinFailed: 'Sabitleme kaldırılamadı. Lütfen tekrar deneyin.',
};

// An English page writes its texts over these as this chunk loads (locales/en/index.ts).
globalThis.gundemEnglish?.('tr-post-menu.ts', { trPostMenu });
