// English twins of common.texts.ts, for requests that prefer English (common/i18n).
import type { EnglishTexts } from './i18n/english-texts';
import type * as Tr from './common.texts';

export default {
  SESSION_INVALID: 'Your session is invalid or has expired. Please log in again.',
  FORBIDDEN: 'You are not allowed to do this.',
  USER_NOT_FOUND: 'User not found.',
  INVALID_ID: 'Invalid id.',
  INVALID_CURSOR: 'Invalid page cursor.',
  PAGE_SIZE_INVALID: 'The page size must be between 1 and 100.',
  INVALID_CHARACTERS: 'The request contains an invalid character.',
  INPUT_TOO_DEEP: 'The request contains too many nested fields.',
  RATE_LIMITED: 'You sent too many requests. Please try again in a little while.',
  SERVER_BUSY: 'The server is very busy right now. Please try again in a little while.',
  DATABASE_UNAVAILABLE: 'The database cannot be reached right now. Please try again in a little while.',
  SHUTTING_DOWN: 'The server is shutting down, please try again in a little while.',
  MESSAGES_FROM_NOBODY: 'This person does not accept messages.',
  MESSAGES_FROM_FOLLOWED_ONLY: 'This person accepts messages only from accounts they follow.',
  PROFILE_LISTS_HIDDEN: 'This account hides its followers, following and likes lists.',
} satisfies EnglishTexts<typeof Tr>;
