// Graduated staff actions on an account (issue 25, docs/wire-contract.md#account-actions).

/**
 * `warn`: a notice only; `sensitive_media`: the account's pictures behind the sensitive placeholder; `suspend`: no login, content hidden;
 * `limit`: the account and its posts reach only its followers (out of the everyone timeline, `Popüler`, search, trends, who-to-follow).
 */
export const ACCOUNT_ACTION_KINDS = ['warn', 'sensitive_media', 'suspend', 'limit'] as const;
export type AccountActionKind = (typeof ACCOUNT_ACTION_KINDS)[number];

/**
 * What a notice can be about: an account action staff chose, or `post_removed` — staff deleted one
 * of the member's posts (written by the deletion itself, never chosen in the action form).
 */
export type NoticeKind = AccountActionKind | 'post_removed';

/** The server rule an action or a report cites, as it read then (kept when the rule is edited or deleted). */
export interface CitedRule {
  /** The rule's id while it exists; null once an admin deleted it. */
  id: string | null;
  /** 1-based: its number in the list then. */
  number: number;
  text: string;
}

/** A removed post as it was (the `post_removed` notice). */
export interface RemovedPostSnapshot {
  id: string;
  content: string;
  /** ISO 8601. */
  createdAt: string;
}

/** A reason is required and at most this many characters (code points). */
export const ACCOUNT_ACTION_REASON_MAX = 1000;

/** The suspension lengths the back office offers, in days; `null` (or no `days`) is indefinite. */
export const SUSPENSION_DAYS = [1, 7, 30] as const;

/** POST /api/admin/users/:id/actions */
export interface CreateAccountActionRequest {
  kind: AccountActionKind;
  reason: string;
  /** Only for `suspend`: 1 to 365 days; absent or null: indefinite. */
  days?: number | null;
  /** Optional: the server rule the action cites (GET /api/rules' id); unknown: 400. */
  ruleId?: string | null;
}

/** One action against an account. */
export interface AccountAction {
  id: string;
  kind: NoticeKind;
  reason: string;
  /** The rule cited, as it read when staff acted; null when none. */
  rule: CitedRule | null;
  /** Only for `post_removed`: the post as it was. */
  removedPost: RemovedPostSnapshot | null;
  /** ISO 8601. */
  createdAt: string;
  /** A suspension's end (ISO 8601); null: indefinite, or not a suspension. */
  endsAt: string | null;
  /** When staff undid it (ISO 8601), else null. */
  revokedAt: string | null;
  /**
   * Only for `post_removed`: undoing it (an accepted appeal, staff's undo) brought the post back,
   * same id, counts and replies. False while it holds, and when an undo found nothing to restore.
   */
  postRestored: boolean;
  /** The action no longer holds: undone (a warning withdrawn too), or a suspension whose end passed. */
  lifted: boolean;
  /** The staff member who acted (null once that account is gone); staff lists only. */
  actor?: { id: string; username: string } | null;
}

/** GET /api/admin/users/:id/actions: newest first. */
export interface AccountActionsPage {
  actions: AccountAction[];
}

/** POST /api/admin/users/:id/actions and POST /api/admin/actions/:id/undo */
export interface AccountActionResponse {
  message: string;
  action: AccountAction;
}

/** An appeal's text: required, at most this many characters (code points). */
export const APPEAL_TEXT_MAX = 1000;

export const APPEAL_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

/** The member's appeal of one action, and staff's decision. */
export interface Appeal {
  id: string;
  text: string;
  /** ISO 8601. */
  createdAt: string;
  status: AppealStatus;
  decidedAt: string | null;
  /** Staff's answer to the member, if they wrote one. */
  reply: string | null;
}

/** One notice of the member: an action against their account (no staff member named) and its appeal. */
export interface ModerationNotice extends AccountAction {
  appeal: Appeal | null;
  /** True while the member may still appeal it: no appeal yet, and the action still holds. */
  canAppeal: boolean;
}

/**
 * GET /api/moderation/notices (signed in), and POST /api/moderation/suspension/notices with the
 * suspended login's `appealToken`: newest first.
 */
export interface ModerationNoticesResponse {
  notices: ModerationNotice[];
}

/** POST /api/moderation/notices/:id/appeal (signed in) */
export interface AppealRequest {
  text: string;
}

/** POST /api/moderation/suspension/appeal (no session: the suspended login's token) */
export interface SuspensionAppealRequest {
  token: string;
  actionId: string;
  text: string;
}

/** POST …/appeal: 201. */
export interface AppealResponse {
  message: string;
  appeal: Appeal;
}

/** One appeal in the staff queue. */
export interface AppealQueueItem extends Appeal {
  action: AccountAction;
  member: { id: string; username: string };
}

/** GET /api/admin/appeals: pending appeals, oldest first (at most 50). */
export interface AppealQueue {
  appeals: AppealQueueItem[];
}

/** POST /api/admin/appeals/:id/accept and …/reject */
export interface AppealDecisionRequest {
  /** Optional answer to the member, at most 1,000 characters. */
  reply?: string;
}

export interface AppealDecisionResponse {
  message: string;
  appeal: AppealQueueItem;
}

/**
 * The 403 of a login refused for a standing suspension: `message` names the end date
 * (`Hesabın 4 Aralık 2026 tarihine kadar askıya alındı.`); `suspendedUntil` is it (ISO 8601, null:
 * indefinite).
 */
export interface SuspendedLoginError {
  statusCode: 403;
  message: string;
  suspended: true;
  suspendedUntil: string | null;
  /**
   * Opens the member's notices and appeal without a session (POST /api/moderation/suspension/…),
   * for one hour; given only with the right password.
   */
  appealToken: string;
}
