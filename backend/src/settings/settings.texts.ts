/** The settings module's Turkish texts (answers and validation messages), in one place. */
export const SETTINGS_SAVED = 'Ayarlar başarıyla kaydedildi!';
export const SITE_NAME_READ_ONLY = 'Site adı değiştirilemez.';
export const REGISTRATION_CLOSED = 'Yeni kayıtlar şu anda kapalı.';
export const MAINTENANCE_MESSAGE = 'Site bakımda. Lütfen daha sonra tekrar deneyin.';
/** A blocklist entry that is no domain name (the entry as sent, cut to 60 characters). */
export const BLOCKED_DOMAIN_INVALID = (entry: string) => `Engellenen e-posta alan adlarında geçersiz bir değer var: “${Array.from(entry).slice(0, 60).join('')}”. Örnek: ornek.com`;
/** Registration with an address on a blocked domain (400). */
export const EMAIL_DOMAIN_BLOCKED = 'Bu e-posta alan adıyla kayıt olunamaz. Lütfen başka bir e-posta adresi kullanın.';
