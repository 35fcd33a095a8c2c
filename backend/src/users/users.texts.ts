/** The users module's Turkish texts (answers and validation messages), in one place. */
export const EMAIL_MIXED_SCRIPT = 'E-posta adresinde farklı alfabelerin harfleri bir arada kullanılamaz.';
export const PASSWORD_BLANK = 'Şifre yalnızca boşluklardan oluşamaz.';
export const USERNAME_TAKEN = 'Bu kullanıcı adı zaten alınmış.';
export const EMAIL_TAKEN = 'Bu e-posta adresi zaten kayıtlı.';
export const SUGGEST_QUERY_REQUIRED = 'Kullanıcı adı araması gerekli.';
export const SUGGEST_QUERY_TOO_LONG = 'Kullanıcı adı araması en fazla 30 karakter olabilir.';
