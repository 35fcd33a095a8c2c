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
