// Turkish strings of the login and register forms (and the password pages' shared ones), kept
// apart from locales/tr.ts so that they load with the forms' chunks: a guest's `/` loads the login
// dialog on its first opening (issue 26's JS budget, as locales/tr-post.ts). Texts quoted by
// docs/product.md are copied verbatim.

export const trAuth = {
  loginTitle: 'Giriş Yap',
  loginSubtitle: 'gündem hesabınızla devam edin.',
  registerTitle: 'Hesap Oluştur',
  registerSubtitle: 'Gündemi takip et, gündem oluştur.',
  loginLabel: 'E-posta',
  loginPlaceholder: 'E-posta veya kullanıcı adı',
  passwordLabel: 'Şifre',
  passwordPlaceholder: 'Şifreniz',
  displayNameLabel: 'Ad Soyad',
  displayNamePlaceholder: 'Görünen ad',
  usernameLabel: 'Kullanıcı adı',
  usernamePlaceholder: 'kullanici_adi',
  emailLabel: 'E-posta',
  emailPlaceholder: 'ornek@eposta.com',
  loginSubmit: 'Giriş Yap',
  registerSubmit: 'Kayıt Ol',
  /** Before the submit button: `Kayıt olarak <sunucu kurallarını> kabul etmiş olursunuz.` (the link opens /kurallar in a new tab). */
  rulesNoteBefore: 'Kayıt olarak ',
  rulesNoteLink: 'sunucu kurallarını',
  rulesNoteAfter: ' kabul etmiş olursunuz.',
  sending: 'Gönderiliyor…',
  forgotPassword: 'Şifremi unuttum',
  noAccount: 'Hesabınız yok mu?',
  toRegister: 'Kayıt Ol',
  haveAccount: 'Zaten hesabınız var mı?',
  toLogin: 'Giriş Yap',
  usernameChars: 'Sadece harf, rakam ve alt çizgi kullanabilirsiniz',
  usernameLength: 'Kullanıcı adı 3-30 karakter olmalıdır',
  emailInvalid: 'Geçerli bir e-posta adresi girin',
  passwordMin: 'Şifre en az 6 karakter olmalıdır.',
  passwordBlank: 'Şifre yalnızca boşluklardan oluşamaz.',
  genericError: 'Bir hata oluştu',
  networkError: 'Bağlantı hatası. Lütfen daha sonra tekrar deneyin.',
  registerWelcome: 'Kayıt başarılı! Hoş geldiniz.',
  /** The server's answer when the site registers under staff approval (no session yet). */
  registerPending: 'Kayıt başvurunuz alındı. Bir yönetici onayladığında giriş yapabilirsiniz.',
  registerSuccess:
    'Kayıt başarılı! Lütfen email adresinizi kontrol edin ve hesabınızı doğrulayın.',
};

// An English page writes its texts over these as this chunk loads (locales/en/index.ts).
globalThis.gundemEnglish?.('tr-auth.ts', { trAuth });
