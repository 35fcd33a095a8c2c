/** The moderation module's Turkish texts (account actions, suspensions), in one place. */

/** The login's refusal during a timed suspension; `date` is suspensionDate()'s. */
export const suspendedUntil = (date: string): string => `Hesabınız ${date} tarihine kadar askıya alındı.`;
export const SUSPENDED_INDEFINITELY = 'Hesabınız süresiz olarak askıya alındı.';

export const ACTION_KIND_INVALID = 'İşlem türü (kind) uyarı, hassas medya, askıya alma ya da sınırlama olmalıdır.';
export const ACTION_REASON_REQUIRED = 'Lütfen bir gerekçe yazın.';
export const actionReasonTooLong = (max: number): string => `Gerekçe en fazla ${max} karakter olabilir.`;
export const SUSPENSION_DAYS_INVALID = 'Askı süresi (days) 1 ile 365 gün arasında bir tam sayı olmalıdır.';
export const DAYS_ONLY_FOR_SUSPENSION = 'Süre (days) yalnızca askıya almada gönderilir.';
export const CANNOT_ACT_ON_SELF = 'Kendi hesabınız hakkında işlem yapamazsınız.';
export const STAFF_ACTIONS_ADMIN_ONLY = 'Yönetici ve moderatör hesapları hakkında yalnızca yöneticiler işlem yapabilir.';
export const ALREADY_SUSPENDED = 'Bu hesap zaten askıya alınmış.';
export const ALREADY_MEDIA_SENSITIVE = 'Bu hesabın medyası zaten hassas olarak işaretli.';
export const ALREADY_LIMITED = 'Bu hesap zaten sınırlandırılmış.';
export const INACTIVE_CANNOT_BE_SUSPENDED = 'Devre dışı bırakılmış bir hesap askıya alınamaz.';
export const ACTION_NOT_FOUND = 'İşlem bulunamadı.';
export const ACTION_ALREADY_UNDONE = 'Bu işlem zaten geri alınmış.';
export const ACTION_ALREADY_ENDED = 'Bu askının süresi zaten dolmuş.';
export const WARN_CANNOT_BE_UNDONE = 'Uyarı geri alınamaz; bildirimi üyede kalır.';

/** A post-removal notice's reason when staff gave none. */
export const POST_REMOVED_DEFAULT_REASON = 'Gönderiniz sunucu kurallarına aykırı bulunduğu için ekibimiz tarafından kaldırıldı.';

export const ACCOUNT_WARNED = 'Hesap uyarıldı.';
export const ACCOUNT_MEDIA_SENSITIVE = 'Hesabın medyası hassas olarak işaretlendi.';
export const ACCOUNT_SUSPENDED = 'Hesap askıya alındı.';
export const ACCOUNT_LIMITED = 'Hesap sınırlandırıldı.';
export const ACTION_UNDONE = 'İşlem geri alındı.';

export const APPEAL_TEXT_REQUIRED = 'Lütfen itirazınızı yazın.';
export const appealTooLong = (max: number): string => `İtiraz en fazla ${max} karakter olabilir.`;
export const replyTooLong = (max: number): string => `Yanıt en fazla ${max} karakter olabilir.`;
export const APPEAL_ALREADY_SENT = 'Bu işleme zaten itiraz ettiniz; her işleme bir kez itiraz edilebilir.';
export const APPEAL_NOT_NEEDED = 'Bu işlem artık geçerli değil; itiraz gerekmiyor.';
export const APPEAL_SENT = 'İtirazınız alındı. Sonucu size bildirilecek.';
export const APPEAL_NOT_FOUND = 'İtiraz bulunamadı.';
export const APPEAL_ALREADY_DECIDED = 'Bu itiraz zaten karara bağlanmış.';
export const APPEAL_ACCEPTED = 'İtiraz kabul edildi; işlem geri alındı.';
/** Accepting a post removal's appeal: the post is back from its archive, same id, counts and replies (docs/product.md). */
export const POST_REMOVAL_APPEAL_ACCEPTED = 'İtiraz kabul edildi; gönderi geri yüklendi.';
/** An accepted appeal (or staff's undo) of a removal whose post has no archive: a removal from before archives were kept. */
export const POST_REMOVAL_APPEAL_ACCEPTED_NOT_RESTORED = 'İtiraz kabul edildi; kaldırma kararı geri alındı. Gönderinin saklanan bir kopyası olmadığı için gönderi geri yüklenemedi.';
export const POST_REMOVAL_UNDONE = 'Kaldırma geri alındı; gönderi geri yüklendi.';
export const POST_REMOVAL_UNDONE_NOT_RESTORED = 'Kaldırma geri alındı. Gönderinin saklanan bir kopyası olmadığı için gönderi geri yüklenemedi.';
export const APPEAL_REJECTED = 'İtiraz reddedildi.';
export const APPEAL_LINK_INVALID = 'İtiraz bağlantısının süresi dolmuş ya da geçersiz. Lütfen yeniden giriş yapmayı deneyin.';
export const REPLY_INVALID = 'Yanıt bir metin olmalıdır.';
