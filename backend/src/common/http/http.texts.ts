/** Turkish answers of the HTTP layer itself (below and beside Nest's routes). */
export const HTTP_TEXTS = {
  headersTooLarge: 'İstek başlıkları çok büyük.',
  badRequest: 'Geçersiz istek.',
  requestTimeout: 'İstek zaman aşımına uğradı.',
  notFound: 'İstenen kaynak bulunamadı.',
  methodNotAllowed: 'Bu yöntem desteklenmiyor.',
  /** A body whose Content-Encoding (gzip, deflate, br) does not decompress: garbage, cut short or another format. */
  badBodyEncoding: 'İstek gövdesi açılamadı: Content-Encoding başlığındaki sıkıştırmayla okunamıyor.',
  /** A Content-Encoding the server does not decompress (only gzip, deflate and br are). */
  unsupportedBodyEncoding: 'Desteklenmeyen içerik kodlaması (Content-Encoding). gzip, deflate ya da br kullanın.',
} as const;
