// English twins of users.texts.ts, for requests that prefer English (common/i18n).
import type { EnglishTexts } from '../common/i18n/english-texts';
import type * as Tr from './users.texts';
import { SEARCH_MAX_LENGTH, USER_SEARCH_MAX_LIMIT } from '@gundem/contract';

export default {
  EMAIL_MIXED_SCRIPT: 'An e-mail address cannot mix letters of different alphabets.',
  PASSWORD_BLANK: 'The password cannot consist of spaces only.',
  USERNAME_TAKEN: 'This username is already taken.',
  EMAIL_TAKEN: 'This e-mail address is already registered.',
  SUGGEST_QUERY_REQUIRED: 'A username search is required.',
  SUGGEST_QUERY_TOO_LONG: 'A username search can be at most 30 characters.',
  USER_SEARCH_REQUIRED: 'A search text is required.',
  USER_SEARCH_TOO_LONG: `The search text can be at most ${SEARCH_MAX_LENGTH} characters.`,
  USER_SEARCH_LIMIT_INVALID: `limit must be between 1 and ${USER_SEARCH_MAX_LIMIT}.`,
  PROFILE_SUSPENDED: 'Account suspended.',
} satisfies EnglishTexts<typeof Tr>;
