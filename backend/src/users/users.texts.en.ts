// English twins of users.texts.ts, for requests that prefer English (common/i18n).
import type { EnglishTexts } from '../common/i18n/english-texts';
import type * as Tr from './users.texts';
import { BIO_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH, LOCATION_MAX_LENGTH, SEARCH_MAX_LENGTH, USER_SEARCH_MAX_LIMIT, WEBSITE_MAX_LENGTH } from '@gundem/contract';

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
  PROFILE_UPDATE_EMPTY: 'Send a field to change: displayName, bio, location or website.',
  PROFILE_DISPLAY_NAME_TYPE: 'The display name must be text.',
  PROFILE_DISPLAY_NAME_REQUIRED: 'The display name cannot be empty.',
  PROFILE_DISPLAY_NAME_TOO_LONG: `The display name can be at most ${DISPLAY_NAME_MAX_LENGTH} characters.`,
  PROFILE_BIO_TYPE: 'The bio must be text.',
  PROFILE_BIO_TOO_LONG: `The bio can be at most ${BIO_MAX_LENGTH} characters.`,
  PROFILE_LOCATION_TYPE: 'The location must be text.',
  PROFILE_LOCATION_TOO_LONG: `The location can be at most ${LOCATION_MAX_LENGTH} characters.`,
  PROFILE_WEBSITE_TYPE: 'The website must be text.',
  PROFILE_WEBSITE_TOO_LONG: `The website can be at most ${WEBSITE_MAX_LENGTH} characters.`,
  PROFILE_WEBSITE_INVALID: 'The website must be a valid address (e.g. example.com or https://example.com).',
  PROFILE_WEBSITE_SCHEME: 'The website can only be an address starting with http or https.',
  PROFILE_WEBSITE_CREDENTIALS: 'The website address cannot contain a username or password.',
} satisfies EnglishTexts<typeof Tr>;
