/** The social module's Turkish texts (answers and validation messages), in one place. */
export const CANNOT_FOLLOW_SELF = 'Kendinizi takip edemezsiniz.';
export const CANNOT_BLOCK_SELF = 'Kendinizi engelleyemezsiniz.';
/** A follow refused because of a block (either way): says no more than that it cannot be done. */
export const CANNOT_FOLLOW_USER = 'Bu hesabı takip edemezsiniz.';
export const CANNOT_MUTE_SELF = 'Kendinizi sessize alamazsınız.';
export const MUTE_DAYS_INVALID = 'Süre 1, 7 ya da 30 gün olabilir; süresiz için boş bırakın.';
export const MUTED_WORD_REQUIRED = 'Sessize alınacak sözcüğü yazın.';
export const MUTED_WORD_TOO_LONG = 'Sessize alınan sözcük en fazla 100 karakter olabilir.';
export const MUTED_WORD_NO_LETTERS = 'Sessize alınacak sözcük en az bir harf ya da rakam içermeli.';
export const MUTED_WORD_DUPLICATE = 'Bu sözcüğü zaten sessize aldınız.';
export const MUTED_WORDS_FULL = 'En fazla 100 sözcük sessize alabilirsiniz; yenisini eklemek için birini kaldırın.';
export const MUTED_WORD_NOT_FOUND = 'Sessize alınan sözcük bulunamadı.';
/** Issue 26: a follow request to oneself. */
export const CANNOT_REQUEST_SELF = 'Kendinize takip isteği gönderemezsiniz.';
/** Issue 26: approving or declining a request that is not pending for the member (none, or someone else's). */
export const FOLLOW_REQUEST_NOT_FOUND = 'Takip isteği bulunamadı.';
/** Issue 26: turning protection on or off for an account that is not an active one. */
export const PROTECTION_ACCOUNT_NOT_FOUND = 'Hesap bulunamadı.';
