// Graduated staff actions on an account (issue 25, docs/wire-contract.md#account-actions).

/** `warn`: a notice only; `sensitive_media`: the account's pictures behind the sensitive placeholder; `suspend`: no login, content hidden. */
export const ACCOUNT_ACTION_KINDS = ['warn', 'sensitive_media', 'suspend'] as const;
export type AccountActionKind = (typeof ACCOUNT_ACTION_KINDS)[number];

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
}

/** One action against an account. */
export interface AccountAction {
  id: string;
  kind: AccountActionKind;
  reason: string;
  /** ISO 8601. */
  createdAt: string;
  /** A suspension's end (ISO 8601); null: indefinite, or not a suspension. */
  endsAt: string | null;
  /** When staff undid it (ISO 8601), else null. */
  revokedAt: string | null;
  /** The action no longer holds: undone (a warning withdrawn), or a suspension whose end passed. */
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
}
