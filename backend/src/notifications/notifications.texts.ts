/** The notifications module's Turkish texts (answers and validation messages). */
export const NOTIFICATION_NOT_FOUND = 'Bildirim bulunamadı.';
export const NOTIFICATION_FILTER_INVALID = 'Geçersiz bildirim filtresi. Tümü (all), Bahsedenler (mentions) ya da Onaylı (verified) olmalıdır.';
/** Logged (not answered): writing notifications failed; the action that caused them stands. */
export const NOTIFICATIONS_WRITE_FAILED = 'Bildirimler yazılamadı';
export const MENTION_SOURCE_INVALID = 'Bahsetme tercihi herkes (everyone) ya da takip ettiklerim (following) olmalıdır.';
/** Logged (not answered): a run of the daily e-mail digest failed; the next run tries again. */
export const NOTIFICATION_DIGEST_FAILED = 'Bildirim özeti gönderilemedi';
