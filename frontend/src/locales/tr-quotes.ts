// Turkish strings of a post's `Alıntılar` page (issue 27, app/routes/quotes-page.tsx), kept apart from
// locales/tr.ts so that they load with the page's chunk. Texts quoted by docs/product.md are copied verbatim.

export const trQuotes = {
  title: 'Alıntılar',
  subtitle: 'Bu gönderiyi alıntılayan gönderiler',
  feedLabel: 'Gönderinin alıntıları',
  emptyTitle: 'Henüz alıntı yok',
  emptyText: 'Bu gönderiyi alıntılayanlar burada görünecek.',
  loadFailed: 'Alıntılar yüklenemedi',
  backToPost: 'Gönderiye dön',
};

// An English page writes its texts over these as this chunk loads (locales/en/index.ts).
globalThis.gundemEnglish?.('tr-quotes.ts', { trQuotes });
