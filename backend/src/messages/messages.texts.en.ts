// English twins of messages.texts.ts, for requests that prefer English (common/i18n).
import type { EnglishTexts } from '../common/i18n/english-texts';
import type * as Tr from './messages.texts';
import { MESSAGE_MAX_LENGTH } from '@gundem/contract';

export default {
  MESSAGE_EMPTY: 'The message cannot be empty.',
  MESSAGE_TOO_LONG: `A message can be at most ${MESSAGE_MAX_LENGTH} characters.`,
  RECEIVER_REQUIRED: 'A recipient is required.',
  RECEIVER_NOT_FOUND: 'Recipient not found.',
  MESSAGE_NOT_FOUND: 'Message not found.',
  NOT_TO_YOURSELF: 'You cannot send a message to yourself.',
  CANNOT_MESSAGE_USER: 'You cannot send a message to this user.',
} satisfies EnglishTexts<typeof Tr>;
