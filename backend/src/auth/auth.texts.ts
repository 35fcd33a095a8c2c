/** The auth module's Turkish texts (answers and validation messages), in one place. */
/** SPEC's text (with its `email`): the answer when the site requires e-mail verification. */
export const REGISTER_SUCCESS = 'Kayıt başarılı! Lütfen email adresinizi kontrol edin ve hesabınızı doğrulayın.';
/** The answer when no verification is required: the new member is signed in at once. */
export const REGISTER_WELCOME = 'Kayıt başarılı! Hoş geldiniz.';
/** The answer when the site registers under approval: the account waits for staff (no session). */
export const REGISTER_PENDING = 'Kayıt başvurunuz alındı. Bir yönetici onayladığında giriş yapabilirsiniz.';
/** Login of an account that waits for staff's approval (403). */
export const ACCOUNT_PENDING = 'Hesabınız yönetici onayı bekliyor.';
/** Login of an account whose registration staff rejected (403). */
export const ACCOUNT_REJECTED = 'Kayıt başvurunuz onaylanmadı.';
export const FORGOT_PASSWORD_SENT = 'Bu e-posta adresi kayıtlıysa şifre sıfırlama bağlantısı gönderildi.';
export const INVALID_CREDENTIALS = 'E-posta/kullanıcı adı veya şifre hatalı.';
export const ACCOUNT_DISABLED = 'Hesabınız devre dışı bırakılmış.';
export const INVALID_RESET_LINK = 'Şifre sıfırlama bağlantısı geçersiz ya da süresi dolmuş.';
export const PASSWORD_RESET_DONE = 'Şifreniz başarıyla sıfırlandı!';
export const EMAIL_NOT_VERIFIED = 'Lütfen önce e-posta adresinizi doğrulayın.';
export const EMAIL_VERIFIED = 'E-posta adresiniz doğrulandı.';
export const INVALID_VERIFY_LINK = 'Doğrulama bağlantısı geçersiz ya da süresi dolmuş.';
/** 403 of login/logout sent by a page of another site (same-origin.guard.ts). */
export const FOREIGN_ORIGIN = 'Bu istek başka bir siteden gönderildiği için reddedildi. Lütfen gündem’in kendi sayfasından deneyin.';
