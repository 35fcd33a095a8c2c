// Turkish strings kept apart from locales/tr.ts so that they load with their screen's chunk and not
// in every visitor's first page (issue 13's JS budget, as locales/tr-admin.ts). Texts quoted by
// docs/product.md are copied verbatim.

/** The forgotten-password screen's texts. */
export const trForgotPassword = {
  title: 'Şifremi unuttum',
  intro:
    'Hesabınıza kayıtlı e-posta adresini girin; size bir şifre sıfırlama bağlantısı gönderelim.',
  emailLabel: 'E-posta',
  submit: 'Sıfırlama bağlantısı gönder',
  success: 'Şifre sıfırlama bağlantısı email adresinize gönderildi',
  failure: 'Bir hata oluştu. Lütfen tekrar deneyin.',
};

/** The password-reset screen's texts. */
export const trResetPassword = {
  title: 'Şifreyi sıfırla',
  intro: 'Hesabınız için yeni bir şifre belirleyin.',
  invalidLink: 'Geçersiz şifre sıfırlama bağlantısı.',
  requestNewLink: 'Yeni bağlantı iste',
  newPasswordLabel: 'Yeni şifre',
  confirmLabel: 'Yeni şifre (tekrar)',
  submit: 'Şifreyi sıfırla',
  mismatch: 'Şifreler eşleşmiyor.',
  success: 'Şifreniz başarıyla sıfırlandı!',
  redirecting: 'Anasayfaya yönlendiriliyorsunuz…',
  failure: 'Şifre sıfırlama başarısız oldu.',
};

// An English page writes its texts over these as this chunk loads (locales/en/index.ts).
globalThis.gundemEnglish?.('tr-password.ts', { trForgotPassword, trResetPassword });
