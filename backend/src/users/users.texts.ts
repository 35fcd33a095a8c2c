/** The users module's Turkish texts (answers and validation messages), in one place. */
export const EMAIL_MIXED_SCRIPT = 'E-posta adresinde farklı alfabelerin harfleri bir arada kullanılamaz.';
export const PASSWORD_BLANK = 'Şifre yalnızca boşluklardan oluşamaz.';
export const USERNAME_TAKEN = 'Bu kullanıcı adı zaten alınmış.';
export const EMAIL_TAKEN = 'Bu e-posta adresi zaten kayıtlı.';
