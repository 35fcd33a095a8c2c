/** The settings module's Turkish texts (answers and validation messages), in one place. */
export const SETTINGS_SAVED = 'Ayarlar başarıyla kaydedildi!';
export const SITE_NAME_READ_ONLY = 'Site adı değiştirilemez.';
export const REGISTRATION_CLOSED = 'Yeni kayıtlar şu anda kapalı.';
export const MAINTENANCE_MESSAGE = 'Site bakımda. Lütfen daha sonra tekrar deneyin.';
