// Turkish strings of the `Düzenleme geçmişi` dialog (issue 27, features/posts/components/edit-history-dialog.tsx),
// kept apart from locales/tr.ts so that they load with the dialog's chunk. Texts quoted by docs/product.md are copied verbatim.

export const trEdits = {
  title: 'Düzenleme geçmişi',
  listLabel: 'Gönderinin hâlleri, en yenisi önce',
  current: 'Güncel hâli',
  original: 'Özgün hâli',
  /** One version's heading: when it was written. */
  versionAt: (when: string) => `${when} tarihli hâli`,
  noText: 'Metin yok',
  loading: 'Düzenleme geçmişi yükleniyor…',
  empty: 'Bu gönderi hiç düzenlenmedi.',
  loadFailed: 'Düzenleme geçmişi yüklenemedi',
  retry: 'Tekrar dene',
  more: 'Daha eski hâlleri göster',
  close: 'Kapat',
};

// An English page writes its texts over these as this chunk loads (locales/en/index.ts).
globalThis.gundemEnglish?.('tr-edits.ts', { trEdits });
