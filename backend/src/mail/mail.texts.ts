/**
 * The e-mails' Turkish texts (mail.templates.ts), in one place; their English twins are in
 * mail.texts.en.ts (issue 26: a member who chose English, or a request that asks for it, gets
 * the English mail).
 */

export const MAIL_LINK_FALLBACK = 'Düğme çalışmazsa bu adresi tarayıcınıza yapıştırın:';
export const MAIL_SIGNATURE = '— gündem';

export const RESET_SUBJECT = 'gündem şifre sıfırlama';
export const RESET_TITLE = 'Şifrenizi sıfırlayın';
export const RESET_BUTTON = 'Yeni şifre belirle';
export const resetIntro = (name: string) =>
  `Merhaba ${name}, gündem hesabınız için bir şifre sıfırlama isteği aldık. Bağlantı bir saat geçerlidir ve yalnızca bir kez kullanılabilir. Bu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz.`;
export const resetLinkLine = (link: string) => `Yeni şifrenizi belirlemek için: ${link}`;

export const VERIFY_SUBJECT = 'gündem e-posta doğrulama';
export const VERIFY_TITLE = 'E-posta adresinizi doğrulayın';
export const VERIFY_BUTTON = 'Hesabımı doğrula';
export const verifyIntro = (name: string) => `Merhaba ${name}, gündem'e hoş geldiniz! Hesabınızı doğrulamak için aşağıdaki bağlantıya tıklayın.`;

export const APPROVED_SUBJECT = 'gündem kaydınız onaylandı';
export const APPROVED_TITLE = 'Kaydınız onaylandı';
export const approvedIntro = (name: string) => `Merhaba ${name}, gündem kayıt başvurunuz onaylandı. Artık giriş yapabilirsiniz.`;

export const REJECTED_SUBJECT = 'gündem kayıt başvurunuz';
export const REJECTED_TITLE = 'Kayıt başvurunuz onaylanmadı';
export const rejectedIntro = (name: string) => `Merhaba ${name}, gündem kayıt başvurunuz onaylanmadı. Bu hesapla giriş yapılamaz.`;

export const GO_TO_GUNDEM = 'gündem’e git';

export const digestSubject = (count: number) => `gündem: ${count} okunmamış bildirim`;
export const DIGEST_TITLE = 'Okunmamış bildirimleriniz';
export const DIGEST_BUTTON = 'Bildirimlere git';
export const digestIntro = (name: string, count: number) => `Merhaba ${name}, gündem'de ${count} okunmamış bildiriminiz var.`;
/** The unread notifications beyond the lines shown. */
export const digestMore = (more: number) => `ve ${more} bildirim daha.`;
export const digestLinkLine = (link: string) => `Bildirimleriniz: ${link}`;
export const DIGEST_FOOTER = 'Bu e-postayı günde en fazla bir kez gönderiyoruz. Ayarlar › Bildirimler › E-posta bildirimleri ile kapatabilirsiniz.';
/** A line's actor when the name is unknown. */
export const DIGEST_SOMEONE = 'Biri';
/** A line's actors: the newest by name and how many others. */
export const digestActors = (name: string, others: number) => `${name} ve ${others} kişi daha`;
/** What a line's actors did, by notification type (`${who} ${action}`). */
export const DIGEST_ACTIONS = {
  like: 'gönderinizi beğendi',
  repost: 'gönderinizi yeniden paylaştı',
  reply: 'gönderinize yanıt verdi',
  follow: 'sizi takip etmeye başladı',
  mention: 'bir gönderide sizden bahsetti',
  edit: 'paylaştığınız ya da alıntıladığınız bir gönderiyi düzenledi',
  quote: 'gönderinizi alıntıladı',
};
export const DIGEST_OTHER_ACTION = 'bir etkinlikte bulundu';
export const DIGEST_MODERATION = 'Hesabınızla ilgili bir moderasyon bildirimi var.';
export const DIGEST_REPORT_RESOLVED = 'Şikâyetiniz sonuçlandı.';
