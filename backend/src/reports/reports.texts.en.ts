// English twins of reports.texts.ts, for requests that prefer English (common/i18n).
import type { EnglishTexts } from '../common/i18n/english-texts';
import type * as Tr from './reports.texts';
import { REPORT_COMMENT_MAX_LENGTH, REPORT_MAX_ATTACHED_POSTS, REPORT_NOTE_MAX_LENGTH, REPORTS_PER_HOUR } from '@gundem/contract';

export default {
  REPORT_RECEIVED: 'Thank you for your report. Our team will review it as soon as possible.',
  REPORT_UPDATED: 'Your report was updated. Our team will review it as soon as possible.',
  REPORT_TARGET_TYPE_INVALID: 'The type of the reported content must be post, account or message.',
  REPORT_TARGET_ID_INVALID: 'The id of the reported content must be a valid id.',
  REPORT_CATEGORY_INVALID: 'The report reason must be one of the listed reasons.',
  REPORT_BLOCK_INVALID: 'The block choice (block) must be true or false.',
  REPORT_COMMENT_INVALID: 'The comment must be text.',
  REPORT_COMMENT_TOO_LONG: `The comment can be at most ${REPORT_COMMENT_MAX_LENGTH} characters.`,
  REPORT_POSTS_INVALID: 'The attached posts must be a list of valid ids.',
  REPORT_POSTS_TOO_MANY: `At most ${REPORT_MAX_ATTACHED_POSTS} posts can be attached to a report.`,
  REPORT_POSTS_DUPLICATE: 'The same post cannot be attached to a report more than once.',
  REPORT_POSTS_FOREIGN: 'Only posts of the reported account can be attached to a report.',
  REPORT_POST_NOT_FOUND: 'The reported post was not found.',
  REPORT_ACCOUNT_NOT_FOUND: 'The reported account was not found.',
  REPORT_MESSAGE_NOT_FOUND: 'The reported message was not found.',
  REPORT_OWN_POST: 'You cannot report your own post.',
  REPORT_SELF: 'You cannot report your own account.',
  REPORT_OWN_MESSAGE: 'You cannot report your own message.',
  REPORTS_LIMITED: `You can send at most ${REPORTS_PER_HOUR} reports an hour. Please try again in a little while.`,
  // The same Turkish as notifications' NOTIFICATION_NOT_FOUND (`bildirim` is both): one English for both.
  REPORT_CASE_NOT_FOUND: 'The notification or report was not found.',
  REPORT_CASE_RESOLVED: 'This report is already resolved; a resolved report cannot be acted on.',
  REPORT_STATUS_INVALID: 'The status must be open or resolved.',
  REPORT_SORT_INVALID: 'The sort must be newest or most reported.',
  REPORT_ACTION_INVALID: 'The action must be one of the listed actions.',
  REPORT_KIND_REQUIRED: 'Choose the action type (kind) for an account action.',
  REPORT_KIND_ONLY_FOR_ACCOUNT_ACTION: 'The action type (kind) and length (days) are sent only with an account action.',
  REPORT_REASON_REQUIRED: 'Write a reason (note) to show the member for an account action.',
  REPORT_ACTION_NOT_FOR_TARGET: 'This action can be chosen only for a reported post.',
  REPORT_STAFF_ADMIN_ONLY: 'Only admins can resolve reports about admin and moderator accounts.',
  REPORT_NOTE_EMPTY: 'Your note cannot be empty.',
  REPORT_NOTE_TOO_LONG: `Your note can be at most ${REPORT_NOTE_MAX_LENGTH} characters.`,
  REPORT_ASSIGNED: 'The report was assigned to you.',
  REPORT_NOTE_ADDED: 'Your note was added.',
  REPORT_RESOLVED_DISMISSED: 'The report was closed; no action was taken.',
  REPORT_RESOLVED_ACTED: 'The report was resolved and action was taken.',
} satisfies EnglishTexts<typeof Tr>;
