/** The posts module's Turkish texts (answers and validation messages), in one place. */
import { SEARCH_MAX_LENGTH } from '@gundem/contract';

/** The longest search text (the contract's); here because the text below names it (the service and the admin DTO read it from here). */
export { SEARCH_MAX_LENGTH };
export const POST_EMPTY = 'Gönderi boş olamaz.';
export const postTooLong = (max: number) => `Gönderi en fazla ${max} karakter olabilir.`;
export const POST_NOT_FOUND = 'Gönderi bulunamadı.';
/** A protected account's post opened by someone who is not its approved follower (issue 26). */
export const POST_PROTECTED = 'Bu gönderi korunuyor.';
export const POST_DELETED = 'Gönderi silindi!';
export const POST_DELETE_BUSY = 'Gönderi şu anda silinemedi. Lütfen tekrar deneyin.';
export const POST_NOT_YOURS = 'Yalnızca kendi gönderilerinizi silebilirsiniz.';
/** An edit of another member's post (issue 27). */
export const POST_EDIT_NOT_YOURS = 'Yalnızca kendi gönderilerinizi düzenleyebilirsiniz.';
/** PATCH /api/posts/:id with a `media` that is not a list of `{ id, alt? }`. */
export const POST_EDIT_MEDIA_INVALID = 'Görseller (media) { id, alt } nesnelerinden oluşan bir liste olmalıdır.';
/** `Profile sabitle` (issue 27) of another member's post, and its undoing. */
export const PIN_NOT_YOURS = 'Yalnızca kendi gönderinizi sabitleyebilirsiniz.';
export const UNPIN_NOT_YOURS = 'Yalnızca kendi gönderinizin sabitlemesini kaldırabilirsiniz.';
/** Quote posts (issue 27): a quoted post that is gone or not the author's to see. */
export const QUOTE_TARGET_NOT_FOUND = 'Alıntılanan gönderi bulunamadı.';
/** Its author turned quoting of it off (the quote policy). */
export const QUOTE_DISABLED = 'Bu gönderi alıntılanamaz: yazarı alıntılanmasını kapattı.';
/** A protected account's post: a quote would carry it past its followers. */
export const QUOTE_PROTECTED = 'Korunan hesapların gönderileri alıntılanamaz.';
/** A post that is both a reply and a quote. */
export const QUOTE_AND_REPLY = 'Bir gönderi aynı anda hem yanıt hem alıntı olamaz.';
/** The quote policy of another member's post. */
export const QUOTE_POLICY_NOT_YOURS = 'Yalnızca kendi gönderilerinizin alıntı ayarını değiştirebilirsiniz.';
export const QUOTE_POLICY_INVALID = 'Alıntı ayarı (quotable) true ya da false olmalıdır.';
export const REPLY_TARGET_NOT_FOUND = 'Yanıtlanan gönderi bulunamadı.';
/** A reply refused because of a block (either way): says no more than that it cannot be made. */
export const CANNOT_REPLY = 'Bu gönderiye yanıt veremezsiniz.';
export const SEARCH_REQUIRED = 'Arama metni gerekli.';
export const SEARCH_TOO_LONG = `Arama metni en fazla ${SEARCH_MAX_LENGTH} karakter olabilir.`;
/** A hashtag page's tag that is no hashtag (GET /api/hashtags/:tag/posts): the words of trend review's (trending/trend-review.texts.ts). */
export const HASHTAG_INVALID = 'Geçerli bir etiket girin (ör. gündem): harf, rakam ve alt çizgi, en fazla 100 karakter.';
/** A page of the ranked `Size özel` feed whose snapshot was dropped (hours old): the client starts again from the top. */
export const RANKED_PAGE_GONE = 'Akış yenilendi; baştan yükleyin.';
