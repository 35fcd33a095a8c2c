/** The users module's Turkish texts (answers and validation messages), in one place. */
import { SEARCH_MAX_LENGTH, USER_SEARCH_MAX_LIMIT } from '@gundem/contract';

export const EMAIL_MIXED_SCRIPT = 'E-posta adresinde farklı alfabelerin harfleri bir arada kullanılamaz.';
export const PASSWORD_BLANK = 'Şifre yalnızca boşluklardan oluşamaz.';
export const USERNAME_TAKEN = 'Bu kullanıcı adı zaten alınmış.';
export const EMAIL_TAKEN = 'Bu e-posta adresi zaten kayıtlı.';
export const SUGGEST_QUERY_REQUIRED = 'Kullanıcı adı araması gerekli.';
export const SUGGEST_QUERY_TOO_LONG = 'Kullanıcı adı araması en fazla 30 karakter olabilir.';
/** The people search's: worded like the post search's, whose box is the same. */
export const USER_SEARCH_REQUIRED = 'Arama metni gerekli.';
export const USER_SEARCH_TOO_LONG = `Arama metni en fazla ${SEARCH_MAX_LENGTH} karakter olabilir.`;
export const USER_SEARCH_LIMIT_INVALID = `limit 1 ile ${USER_SEARCH_MAX_LIMIT} arasında olmalıdır.`;
/** A suspended account's public profile (issue 25). */
export const PROFILE_SUSPENDED = 'Hesap askıya alındı.';
