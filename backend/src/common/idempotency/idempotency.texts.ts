/** Turkish messages of the Idempotency-Key header (answers are `{ message, statusCode }`). */
export const INVALID_IDEMPOTENCY_KEY = 'Idempotency-Key başlığı 1 ile 255 arasında görünür ASCII karakterden oluşmalıdır.';
export const IDEMPOTENCY_KEY_REUSED = 'Bu Idempotency-Key başka bir istek için kullanıldı.';
export const IDEMPOTENCY_KEY_BUSY = 'Aynı Idempotency-Key ile gönderilen istek hâlâ işleniyor; lütfen biraz sonra tekrar deneyin.';
