/** Turkish answers of the HTTP layer itself (below and beside Nest's routes). */
export const HTTP_TEXTS = {
  headersTooLarge: 'İstek başlıkları çok büyük.',
  badRequest: 'Geçersiz istek.',
  requestTimeout: 'İstek zaman aşımına uğradı.',
  notFound: 'İstenen kaynak bulunamadı.',
  /** 415 of an API request whose body is not JSON (json-bodies.ts). */
  jsonOnly: 'Desteklenmeyen içerik türü: istek gövdesi JSON olarak (Content-Type: application/json) gönderilmelidir.',
  /** The small page a member's `/` gets over the read budget (common/spa/member-home-page.ts), with RATE_LIMITED. */
  rateLimitedPageTitle: 'Çok fazla istek',
  rateLimitedPageRetry: 'Biraz sonra yeniden deneyin',
  methodNotAllowed: 'Bu yöntem desteklenmiyor.',
  /** A body whose Content-Encoding (gzip, deflate, br) does not decompress: garbage, cut short or another format. */
  badBodyEncoding: 'İstek gövdesi açılamadı: Content-Encoding başlığındaki sıkıştırmayla okunamıyor.',
  /** A Content-Encoding the server does not decompress (only gzip, deflate and br are). */
  unsupportedBodyEncoding: 'Desteklenmeyen içerik kodlaması (Content-Encoding). gzip, deflate ya da br kullanın.',
} as const;
