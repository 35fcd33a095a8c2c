// English twins of social.texts.ts, for requests that prefer English (common/i18n).
import type { EnglishTexts } from '../common/i18n/english-texts';
import type * as Tr from './social.texts';

export default {
  CANNOT_FOLLOW_SELF: 'You cannot follow yourself.',
  CANNOT_BLOCK_SELF: 'You cannot block yourself.',
  CANNOT_FOLLOW_USER: 'You cannot follow this account.',
  CANNOT_MUTE_SELF: 'You cannot mute yourself.',
  MUTE_DAYS_INVALID: 'The duration can be 1, 7 or 30 days; leave it empty for no end.',
  MUTED_WORD_REQUIRED: 'Write the word to mute.',
  MUTED_WORD_TOO_LONG: 'A muted word can be at most 100 characters.',
  MUTED_WORD_NO_LETTERS: 'The word to mute must contain at least one letter or digit.',
  MUTED_WORD_DUPLICATE: 'You already muted this word.',
  MUTED_WORDS_FULL: 'You can mute at most 100 words; remove one to add another.',
  MUTED_WORD_NOT_FOUND: 'Muted word not found.',
  CANNOT_REQUEST_SELF: 'You cannot send yourself a follow request.',
  FOLLOW_REQUEST_NOT_FOUND: 'Follow request not found.',
  PROTECTION_ACCOUNT_NOT_FOUND: 'Account not found.',
} satisfies EnglishTexts<typeof Tr>;
