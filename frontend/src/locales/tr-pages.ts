// Turkish strings kept apart from locales/tr.ts so that they load with their screen's chunk and not
// in every visitor's first page (issue 13's JS budget, as locales/tr-admin.ts). Texts quoted by
// docs/product.md are copied verbatim.

/** The static pages' (terms, privacy, help, not found) texts. */
export const trPages = {
  termsTitle: 'Kullanım Koşulları',
  terms: 'Kullanım koşulları yakında burada yayınlanacak.',
  privacyTitle: 'Gizlilik Politikası',
  privacy: 'Gizlilik politikası yakında burada yayınlanacak.',
  helpTitle: 'Yardım',
  help: 'Yardım merkezi yakında burada olacak.',
  notFoundTitle: 'Sayfa bulunamadı',
  notFound: 'Aradığınız sayfa taşınmış ya da hiç var olmamış olabilir.',
  rulesTitle: 'Sunucu kuralları',
  rulesIntro: 'gündem’de uyulması gereken kurallar. Bir gönderiyi ya da hesabı bildirirken hangi kuralın çiğnendiğini bu numaralarla belirtebilirsiniz.',
  rulesListLabel: 'Kurallar',
  rulesLoading: 'Kurallar yükleniyor…',
  rulesLoadFailed: 'Kurallar yüklenemedi.',
  rulesRetry: 'Tekrar dene',
  rulesEmptyTitle: 'Henüz kural yok',
  rulesEmpty: 'Yöneticiler kuralları eklediğinde burada listelenecek.',
};

// An English page writes its texts over these as this chunk loads (locales/en/index.ts).
globalThis.gundemEnglish?.('tr-pages.ts', { trPages });
