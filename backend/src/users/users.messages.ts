/** Kept apart from UsersService so modules that UsersModule itself imports (social) can use them. */
export const USER_NOT_FOUND = 'Kullanıcı bulunamadı.';
export const EMAIL_MIXED_SCRIPT = 'E-posta adresinde farklı alfabelerin harfleri bir arada kullanılamaz.';
export const PASSWORD_BLANK = 'Şifre yalnızca boşluklardan oluşamaz.';
