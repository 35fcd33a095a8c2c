/** The messages module's Turkish texts (answers and validation messages), in one place. */
import { MESSAGE_MAX_LENGTH } from '@gundem/contract';

/** The longest message (varchar(1000), the contract's limit); here because the text below names it. */
export const MAX_MESSAGE_LENGTH = MESSAGE_MAX_LENGTH;
export const MESSAGE_EMPTY = 'Mesaj boş olamaz.';
export const MESSAGE_TOO_LONG = `Mesaj en fazla ${MAX_MESSAGE_LENGTH} karakter olabilir.`;
export const RECEIVER_REQUIRED = 'Alıcı zorunludur.';
export const RECEIVER_NOT_FOUND = 'Alıcı bulunamadı.';
export const MESSAGE_NOT_FOUND = 'Mesaj bulunamadı.';
export const NOT_TO_YOURSELF = 'Kendinize mesaj gönderemezsiniz.';
/** A message refused because of a block (either way): says no more than that it cannot be sent. */
export const CANNOT_MESSAGE_USER = 'Bu kullanıcıya mesaj gönderemezsiniz.';
