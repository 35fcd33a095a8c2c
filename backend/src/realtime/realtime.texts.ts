/** The realtime module's Turkish texts (socket acknowledgements and connect errors), in one place. */
import { MAX_WATCH_IDS_PER_CALL } from '@gundem/contract';

/** Rooms `post:<id>` one connection may be in at once (a long scrolled feed stays well under); here because a text names it. */
export const MAX_WATCHED_POSTS = 1_000;

export const WATCH_NOT_A_LIST = 'Gönderi kimlikleri bir liste olarak gönderilmelidir.';
export const WATCH_TOO_MANY_PER_CALL = `Tek seferde en fazla ${MAX_WATCH_IDS_PER_CALL} gönderi izlenebilir.`;
export const WATCH_INVALID_ID = 'Geçersiz gönderi kimliği.';
export const WATCH_LIMIT_REACHED = `Aynı anda en fazla ${MAX_WATCHED_POSTS} gönderi izlenebilir.`;
export const WATCH_IP_LIMIT_REACHED = 'Bu adresten aynı anda izlenebilecek gönderi sınırına ulaşıldı.';
export const WATCH_UNAVAILABLE = 'Gönderiler şu an izlenemiyor; lütfen yeniden deneyin.';

export const FEED_NOT_AN_OBJECT = 'Akış { feed: "home" } biçiminde gönderilmelidir.';
export const FEED_UNKNOWN = 'Bilinmeyen akış.';
export const FEED_SIGN_IN = 'Takip edilenler akışı için giriş yapmalısınız.';
export const FEED_UNAVAILABLE = 'Takip edilenler akışı şu anda izlenemiyor. Lütfen biraz sonra tekrar deneyin.';

export const IP_CONNECTIONS_FULL = 'Bu adresten açılabilecek bağlantı sınırına ulaşıldı. Birkaç sekmeyi kapatıp yeniden deneyin.';
export const USER_CONNECTIONS_FULL = 'Bu hesapla açılabilecek bağlantı sınırına ulaşıldı. Birkaç sekmeyi kapatıp yeniden deneyin.';
export const EVENTS_TOO_FAST = 'Çok hızlı istek gönderiliyor; lütfen biraz bekleyin.';

export const TYPING_SIGN_IN = 'Yazıyor bilgisi göndermek için giriş yapmalısınız.';
export const TYPING_INVALID = 'Alıcı { to: "<kullanıcı kimliği>" } biçiminde gönderilmelidir.';
export const TYPING_TO_YOURSELF = 'Kendinize yazıyor bilgisi gönderemezsiniz.';
/** The same sentence as sending a message to an unknown or deactivated member. */
export const TYPING_RECEIVER_NOT_FOUND = 'Alıcı bulunamadı.';
export const TYPING_TOO_FAST = 'Yazıyor bilgisi çok sık gönderiliyor.';
/** The same sentence as sending a message across a block (either way): it does not name the block. */
export const TYPING_NOT_ALLOWED = 'Bu kullanıcıya mesaj gönderemezsiniz.';
