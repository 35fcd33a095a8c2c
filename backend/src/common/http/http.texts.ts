/** Turkish answers of the HTTP layer itself (below and beside Nest's routes). */
export const HTTP_TEXTS = {
  headersTooLarge: 'İstek başlıkları çok büyük.',
  badRequest: 'Geçersiz istek.',
  requestTimeout: 'İstek zaman aşımına uğradı.',
  notFound: 'İstenen kaynak bulunamadı.',
} as const;
