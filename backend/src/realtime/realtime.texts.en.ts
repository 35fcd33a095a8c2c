// English twins of realtime.texts.ts, for requests that prefer English (common/i18n).
import type { EnglishTexts } from '../common/i18n/english-texts';
import type * as Tr from './realtime.texts';
import { MAX_WATCH_IDS_PER_CALL } from '@gundem/contract';
import { MAX_WATCHED_POSTS } from './realtime.texts';

export default {
  WATCH_NOT_A_LIST: 'The post ids must be sent as a list.',
  WATCH_TOO_MANY_PER_CALL: `At most ${MAX_WATCH_IDS_PER_CALL} posts can be watched at a time.`,
  WATCH_INVALID_ID: 'Invalid post id.',
  WATCH_LIMIT_REACHED: `At most ${MAX_WATCHED_POSTS} posts can be watched at once.`,
  WATCH_IP_LIMIT_REACHED: 'The limit of posts watched at once from this address was reached.',
  WATCH_UNAVAILABLE: 'Posts cannot be watched right now; please try again.',
  FEED_NOT_AN_OBJECT: 'The feed must be sent as { feed: "home" }.',
  FEED_UNKNOWN: 'Unknown feed.',
  FEED_SIGN_IN: 'You must log in for the following feed.',
  FEED_UNAVAILABLE: 'The following feed cannot be watched right now. Please try again in a little while.',
  IP_CONNECTIONS_FULL: 'The limit of connections from this address was reached. Close a few tabs and try again.',
  USER_CONNECTIONS_FULL: 'The limit of connections for this account was reached. Close a few tabs and try again.',
  EVENTS_TOO_FAST: 'Requests are coming too fast; please wait a little.',
  TYPING_SIGN_IN: 'You must log in to send typing status.',
  TYPING_INVALID: 'The recipient must be sent as { to: "<user id>" }.',
  TYPING_TO_YOURSELF: 'You cannot send typing status to yourself.',
  TYPING_RECEIVER_NOT_FOUND: 'Recipient not found.',
  TYPING_TOO_FAST: 'Typing status is sent too often.',
  TYPING_NOT_ALLOWED: 'You cannot send a message to this user.',
} satisfies EnglishTexts<typeof Tr>;
