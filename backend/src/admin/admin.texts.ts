/** The admin module's Turkish texts (answers and validation messages), in one place. */
export const PAGE_TOO_DEEP = 'Bu kadar ileri bir sayfa gösterilemiyor. Lütfen aramayla listeyi daraltın.';
export const EXACTLY_ONE_FIELD = 'Tam olarak bir alan gönderin: isActive, isVerified ya da role.';
export const USER_UPDATED = 'Kullanıcı başarıyla güncellendi';
export const CANNOT_DEACTIVATE_SELF = 'Kendi hesabınızı devre dışı bırakamazsınız.';
export const CANNOT_CHANGE_OWN_ROLE = 'Kendi rolünüzü değiştiremezsiniz.';
export const ROLES_ADMIN_ONLY = 'Rolleri yalnızca yöneticiler değiştirebilir.';
export const STAFF_ACCOUNTS_ADMIN_ONLY = 'Yönetici ve moderatör hesaplarını yalnızca yöneticiler değiştirebilir.';
export const SENSITIVE_REQUIRED = 'Hassas içerik işareti (sensitive) true ya da false olmalıdır.';
export const POST_MARKED_SENSITIVE = 'Gönderi hassas olarak işaretlendi.';
export const POST_SENSITIVE_CLEARED = 'Gönderinin hassas işareti kaldırıldı.';
export const AUDIT_ACTOR_INVALID = 'Personel kimliği (actorId) geçerli bir kimlik olmalıdır.';
export const AUDIT_ACTION_INVALID = 'İşlem (action) bilinen işlem kodlarından biri olmalıdır.';
export const AUDIT_TARGET_TYPE_INVALID = 'Hedef türü (targetType) bilinen hedef türlerinden biri olmalıdır.';
export const AUDIT_TARGET_ID_INVALID = 'Hedef kimliği (targetId) geçerli bir kimlik olmalıdır.';
export const AUDIT_TARGET_ID_NEEDS_TYPE = 'Hedef kimliği (targetId) hedef türüyle (targetType) birlikte gönderilmelidir.';
export const SUSPENDED_USE_UNDO = 'Bu hesap askıya alınmış; etkinleştirmek ya da devre dışı bırakmak için önce askıyı geri alın.';
