/** The reports module's Turkish texts (answers and validation messages), in one place. */
import { REPORT_COMMENT_MAX_LENGTH, REPORT_MAX_ATTACHED_POSTS, REPORT_NOTE_MAX_LENGTH, REPORTS_PER_HOUR } from '@gundem/contract';

export const REPORT_RECEIVED = 'Bildiriminiz için teşekkürler. Ekibimiz en kısa sürede inceleyecek.';
export const REPORT_UPDATED = 'Bildiriminiz güncellendi. Ekibimiz en kısa sürede inceleyecek.';
export const REPORT_TARGET_TYPE_INVALID = 'Bildirilen içeriğin türü gönderi, hesap ya da mesaj olmalıdır.';
export const REPORT_TARGET_ID_INVALID = 'Bildirilen içeriğin kimliği geçerli bir kimlik olmalıdır.';
export const REPORT_CATEGORY_INVALID = 'Bildirim nedeni listedeki nedenlerden biri olmalıdır.';
export const REPORT_BLOCK_INVALID = 'Engelleme seçimi (block) doğru ya da yanlış olmalıdır.';
export const REPORT_COMMENT_INVALID = 'Açıklama metin olmalıdır.';
export const REPORT_COMMENT_TOO_LONG = `Açıklama en fazla ${REPORT_COMMENT_MAX_LENGTH} karakter olabilir.`;
export const REPORT_POSTS_INVALID = 'Eklenen gönderiler geçerli kimliklerden oluşan bir liste olmalıdır.';
export const REPORT_POSTS_TOO_MANY = `Bildirime en fazla ${REPORT_MAX_ATTACHED_POSTS} gönderi eklenebilir.`;
export const REPORT_POSTS_DUPLICATE = 'Aynı gönderi bildirime birden fazla kez eklenemez.';
export const REPORT_POSTS_FOREIGN = 'Bildirime yalnızca bildirilen hesabın gönderileri eklenebilir.';
export const REPORT_POST_NOT_FOUND = 'Bildirilen gönderi bulunamadı.';
export const REPORT_ACCOUNT_NOT_FOUND = 'Bildirilen hesap bulunamadı.';
export const REPORT_MESSAGE_NOT_FOUND = 'Bildirilen mesaj bulunamadı.';
export const REPORT_OWN_POST = 'Kendi gönderinizi bildiremezsiniz.';
export const REPORT_SELF = 'Kendi hesabınızı bildiremezsiniz.';
export const REPORT_OWN_MESSAGE = 'Kendi mesajınızı bildiremezsiniz.';
export const REPORTS_LIMITED = `Bir saatte en fazla ${REPORTS_PER_HOUR} bildirim gönderebilirsiniz. Lütfen biraz sonra tekrar deneyin.`;

// The moderation desk (staff).
export const REPORT_CASE_NOT_FOUND = 'Bildirim bulunamadı.';
export const REPORT_CASE_RESOLVED = 'Bu bildirim zaten çözüldü; çözülmüş bir bildirim üzerinde işlem yapılamaz.';
export const REPORT_STATUS_INVALID = 'Durum açık ya da çözülen bildirimlerden biri olmalıdır.';
export const REPORT_SORT_INVALID = 'Sıralama en yeni ya da en çok bildirilen olmalıdır.';
export const REPORT_ACTION_INVALID = 'İşlem listedeki işlemlerden biri olmalıdır.';
export const REPORT_KIND_REQUIRED = 'Hesap işlemi için işlem türünü (kind) seçin.';
export const REPORT_KIND_ONLY_FOR_ACCOUNT_ACTION = 'İşlem türü (kind) ve süre (days) yalnızca hesap işlemiyle gönderilir.';
export const REPORT_REASON_REQUIRED = 'Hesap işlemi için üyeye gösterilecek bir gerekçe (note) yazın.';
export const REPORT_ACTION_NOT_FOR_TARGET = 'Bu işlem yalnızca bildirilen bir gönderi için seçilebilir.';
export const REPORT_STAFF_ADMIN_ONLY = 'Yönetici ve moderatör hesaplarıyla ilgili bildirimleri yalnızca yöneticiler çözebilir.';
export const REPORT_NOTE_EMPTY = 'Notunuz boş olamaz.';
export const REPORT_NOTE_TOO_LONG = `Notunuz en fazla ${REPORT_NOTE_MAX_LENGTH} karakter olabilir.`;
export const REPORT_ASSIGNED = 'Bildirim size atandı.';
export const REPORT_NOTE_ADDED = 'Notunuz eklendi.';
export const REPORT_RESOLVED_DISMISSED = 'Bildirim kapatıldı; işlem yapılmadı.';
export const REPORT_RESOLVED_ACTED = 'Bildirim çözüldü ve işlem yapıldı.';
