/**
 * Turkish texts that many modules answer with: 403, unknown ids, input validation, the 503s. A
 * module's own texts live in its `<module>.texts.ts`. Never reword one: clients and tests compare them.
 */

// 401/403
export const SESSION_INVALID = 'Oturumunuz geçersiz ya da süresi dolmuş. Lütfen tekrar giriş yapın.';
export const FORBIDDEN = 'Bu işlem için yetkiniz yok.';

// 404 of an id
export const USER_NOT_FOUND = 'Kullanıcı bulunamadı.';

// Input validation (400)
export const INVALID_ID = 'Geçersiz kimlik.';
export const INVALID_CURSOR = 'Geçersiz sayfa imleci.';
/** The most rows one page may ask for (`?limit=`); here because the text below names it. */
export const MAX_PAGE_SIZE = 100;
export const PAGE_SIZE_INVALID = `Sayfa boyutu 1 ile ${MAX_PAGE_SIZE} arasında olmalıdır.`;
/** One message for every character the API refuses (NUL, a lone UTF-16 surrogate). */
export const INVALID_CHARACTERS = 'İstek geçersiz bir karakter içeriyor.';
export const INPUT_TOO_DEEP = 'İstek çok fazla iç içe alan içeriyor.';

// 429 and the 503s
export const RATE_LIMITED = 'Çok fazla istek gönderdiniz. Lütfen biraz sonra tekrar deneyin.';
export const SERVER_BUSY = 'Sunucu şu anda çok yoğun. Lütfen biraz sonra tekrar deneyin.';
/** The answer to every request that needed the database while it could not be reached. */
export const DATABASE_UNAVAILABLE = 'Veritabanına şu anda ulaşılamıyor. Lütfen biraz sonra tekrar deneyin.';
export const SHUTTING_DOWN = 'Sunucu kapanıyor, lütfen biraz sonra tekrar deneyin.';

// Account privacy (issue 26), read by several modules
/** A message (or typing indicator) to a member whose `allowMessages` is `nobody`. */
export const MESSAGES_FROM_NOBODY = 'Bu kişi mesaj almıyor.';
/** … whose `allowMessages` is `following` and who does not follow the sender. */
export const MESSAGES_FROM_FOLLOWED_ONLY = 'Bu kişi yalnızca takip ettiği hesaplardan mesaj alıyor.';
/** The 403 of a profile's followers, following or likes list when its `publicProfile` is off. */
export const PROFILE_LISTS_HIDDEN = 'Bu hesap takipçi, takip ve beğeni listelerini gizliyor.';
