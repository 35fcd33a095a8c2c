/** The users module's Turkish texts (answers and validation messages), in one place. */
import { BIO_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH, LOCATION_MAX_LENGTH, SEARCH_MAX_LENGTH, USER_SEARCH_MAX_LIMIT, WEBSITE_MAX_LENGTH } from '@gundem/contract';

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

/** PATCH /api/users/me (issue 26's profile editor): each refusal names its field. */
export const PROFILE_UPDATE_EMPTY = 'Değiştirilecek bir alan gönderin: displayName, bio, location ya da website.';
export const PROFILE_DISPLAY_NAME_TYPE = 'Görünen ad metin olmalıdır.';
export const PROFILE_DISPLAY_NAME_REQUIRED = 'Görünen ad boş olamaz.';
export const PROFILE_DISPLAY_NAME_TOO_LONG = `Görünen ad en fazla ${DISPLAY_NAME_MAX_LENGTH} karakter olabilir.`;
export const PROFILE_BIO_TYPE = 'Biyografi metin olmalıdır.';
export const PROFILE_BIO_TOO_LONG = `Biyografi en fazla ${BIO_MAX_LENGTH} karakter olabilir.`;
export const PROFILE_LOCATION_TYPE = 'Konum metin olmalıdır.';
export const PROFILE_LOCATION_TOO_LONG = `Konum en fazla ${LOCATION_MAX_LENGTH} karakter olabilir.`;
export const PROFILE_WEBSITE_TYPE = 'Web sitesi metin olmalıdır.';
export const PROFILE_WEBSITE_TOO_LONG = `Web sitesi en fazla ${WEBSITE_MAX_LENGTH} karakter olabilir.`;
export const PROFILE_WEBSITE_INVALID = 'Web sitesi geçerli bir adres olmalıdır (örneğin ornek.com ya da https://ornek.com).';
export const PROFILE_WEBSITE_SCHEME = 'Web sitesi yalnızca http ya da https ile başlayan bir adres olabilir.';
export const PROFILE_WEBSITE_CREDENTIALS = 'Web sitesi adresinde kullanıcı adı ya da şifre bulunamaz.';
