/** The media module's Turkish texts (answers and validation messages), in one place. */

const MB = 1024 * 1024;

export const MEDIA_FILE_REQUIRED = 'Lütfen `file` alanında bir görsel gönderin.';
export const MEDIA_ONE_FILE = 'Bir istekte yalnızca bir görsel yükleyebilirsiniz.';
export const MEDIA_EMPTY = 'Görsel dosyası boş.';
export const mediaTooLarge = (maxBytes: number) => `Görsel en fazla ${Math.round((maxBytes / MB) * 10) / 10} MB olabilir.`;
export const MEDIA_UNSUPPORTED = 'Bu dosya türü desteklenmiyor. JPEG, PNG, WebP, GIF ya da AVIF biçiminde bir görsel yükleyin.';
export const MEDIA_UNREADABLE = 'Görsel okunamadı: dosya bozuk ya da eksik olabilir.';
export const MEDIA_TOO_MANY_PIXELS = 'Görselin çözünürlüğü çok yüksek. Lütfen daha küçük bir görsel yükleyin.';
export const mediaTooManyFrames = (max: number) => `Hareketli görsel en fazla ${max} kare olabilir.`;
export const MEDIA_UPLOADS_LIMITED = 'Bir saat içinde çok fazla görsel yüklediniz. Lütfen daha sonra tekrar deneyin.';
export const MEDIA_NOT_FOUND = 'Görsel bulunamadı.';
export const mediaAltTooLong = (max: number) => `Açıklama metni en fazla ${max} karakter olabilir.`;
export const MEDIA_ALT_INVALID = 'Açıklama metni bir metin ya da null olmalıdır.';
/** A picture of a post that was edited: its alt text changes with an edit, so the history keeps it. */
export const MEDIA_ALT_IN_EDITED_POST = 'Bu görsel düzenlenmiş bir gönderide; açıklamasını gönderiyi düzenleyerek değiştirin.';
export const MEDIA_IDS_INVALID = 'Görsel kimlikleri geçerli kimliklerden oluşan bir liste olmalıdır.';
export const mediaTooManyImages = (max: number) => `Bir gönderiye en fazla ${max} görsel ekleyebilirsiniz.`;
export const MEDIA_IDS_REPEATED = 'Aynı görsel bir gönderiye iki kez eklenemez.';
export const MEDIA_NOT_ATTACHABLE = 'Görsellerden biri bulunamadı, başka bir gönderiye eklenmiş ya da süresi dolmuş. Lütfen görseli yeniden yükleyin.';
export const MEDIA_SENSITIVE_INVALID = 'Hassas içerik işareti true ya da false olmalıdır.';
export const MEDIA_FILE_NOT_FOUND = 'Dosya bulunamadı.';
