// English twins of notifications.texts.ts, for requests that prefer English (common/i18n).
import type { EnglishTexts } from '../common/i18n/english-texts';
import type * as Tr from './notifications.texts';

export default {
  // The same Turkish as reports' REPORT_CASE_NOT_FOUND (`bildirim` is both): one English for both.
  NOTIFICATION_NOT_FOUND: 'The notification or report was not found.',
  NOTIFICATION_FILTER_INVALID: 'Invalid notification filter. It must be all, mentions or verified.',
  NOTIFICATIONS_WRITE_FAILED: 'Notifications could not be written',
  MENTION_SOURCE_INVALID: 'The mentions preference must be everyone or following.',
  NOTIFICATION_DIGEST_FAILED: 'The notification digest could not be sent',
} satisfies EnglishTexts<typeof Tr>;
