// English twins of admin.texts.ts, for requests that prefer English (common/i18n).
import type { EnglishTexts } from '../common/i18n/english-texts';
import type * as Tr from './admin.texts';

export default {
  PAGE_TOO_DEEP: 'A page this far cannot be shown. Please narrow the list with a search.',
  EXACTLY_ONE_FIELD: 'Send exactly one field: isActive, isVerified or role.',
  USER_UPDATED: 'User updated',
  CANNOT_DEACTIVATE_SELF: 'You cannot deactivate your own account.',
  CANNOT_CHANGE_OWN_ROLE: 'You cannot change your own role.',
  ROLES_ADMIN_ONLY: 'Only admins can change roles.',
  STAFF_ACCOUNTS_ADMIN_ONLY: 'Only admins can change admin and moderator accounts.',
  SENSITIVE_REQUIRED: 'The sensitive mark (sensitive) must be true or false.',
  POST_MARKED_SENSITIVE: 'The post was marked as sensitive.',
  POST_SENSITIVE_CLEARED: "The post's sensitive mark was removed.",
  AUDIT_ACTOR_INVALID: 'The staff id (actorId) must be a valid id.',
  AUDIT_ACTION_INVALID: 'The action (action) must be one of the known action codes.',
  AUDIT_TARGET_TYPE_INVALID: 'The target type (targetType) must be one of the known target types.',
  AUDIT_TARGET_ID_INVALID: 'The target id (targetId) must be a valid id.',
  AUDIT_TARGET_ID_NEEDS_TYPE: 'The target id (targetId) must be sent with a target type (targetType).',
  REGISTRATION_APPROVED: 'Sign-up approved; the account can now log in.',
  REGISTRATION_REJECTED: 'The sign-up request was rejected.',
  REGISTRATION_NOT_PENDING: 'There is no such sign-up request awaiting approval.',
  ACTIVATE_AWAITS_DECISION: "This account's sign-up request is awaiting approval or was rejected; decide on the approval screen.",
  SUSPENDED_USE_UNDO: 'This account is suspended; undo the suspension before activating or deactivating it.',
  REMOVAL_REASON_INVALID: 'The reason for removal (reason) must be text.',
  REMOVAL_REASON_TOO_LONG: 'The reason for removal can be at most 1000 characters.',
} satisfies EnglishTexts<typeof Tr>;
