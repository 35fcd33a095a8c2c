import type { Media } from './media.js';
import type { AccountActionKind, CitedRule } from './moderation.js';

// Reports and the moderation desk (docs/wire-contract.md#reports): members report a post, an
// account or a private message; staff work through them grouped by target.

/** What is reported: a post, an account (its profile) or a private message the reporter took part in. */
export const REPORT_TARGET_TYPES = ['post', 'account', 'message'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** The report's reason: spam, harassment or hate, violence, illegal content, other. */
export const REPORT_CATEGORIES = ['spam', 'harassment', 'violence', 'illegal', 'other'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

/** A report's comment: at most this many characters (code points). */
export const REPORT_COMMENT_MAX_LENGTH = 1000;
/** At most this many of the reported account's posts may be attached to a report. */
export const REPORT_MAX_ATTACHED_POSTS = 5;
/** New reports a member may send per hour (an update of their own open report counts too). */
export const REPORTS_PER_HOUR = 20;

/**
 * POST /api/reports. `targetId` is the post's, the account's or the message's id. Sending it again
 * for a target the member already reported (while that report is open) updates that report.
 */
export interface CreateReportRequest {
  targetType: ReportTargetType;
  targetId: string;
  category: ReportCategory;
  /** Optional, trimmed, at most REPORT_COMMENT_MAX_LENGTH characters. */
  comment?: string;
  /** Optional: ids of the reported account's own posts, at most REPORT_MAX_ATTACHED_POSTS. */
  postIds?: string[];
  /** Optional: the server rule the content breaks (GET /api/rules' id); an unknown id: 400, nothing written. */
  ruleId?: string | null;
  /** Optional: also block the reported account (the post's author, the message's sender) once the report is saved. */
  block?: boolean;
}

/** POST /api/reports: 201 for a new report, 200 when it updated the member's open report of the same target. */
export interface CreateReportResponse {
  message: string;
  report: { id: string; updated: boolean };
  /** True when `block` was asked and the account is now blocked. */
  blocked: boolean;
}

/** A case is open until staff resolve it; then every report in it is resolved. */
export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** How staff resolve a case: one action for all of its reports. */
export const REPORT_RESOLUTIONS = ['dismiss', 'delete_post', 'mark_sensitive', 'deactivate_account', 'account_action'] as const;
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];

/** The queue's order: newest report first, or most reports first. */
export const REPORT_SORTS = ['newest', 'most'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];

/** The reported content as it was when the (first) report came in: kept even if it is deleted later. */
export interface ReportSnapshotPost {
  id: string;
  content: string;
  createdAt: string;
  /** The pictures as they were (their files go when the post is deleted; the alt texts stay). */
  media: Media[];
  sensitive: boolean;
}

export interface ReportSnapshot {
  account: { id: string; username: string; displayName: string; bio: string | null };
  /** The reported post (targetType `post`). */
  post?: ReportSnapshotPost;
  /** The reported private message (targetType `message`). */
  message?: { id: string; content: string; createdAt: string };
  /** The posts the reporter attached. */
  attachedPosts: ReportSnapshotPost[];
}

/** A staff member as the desk names them. */
export interface StaffSummary {
  id: string;
  username: string;
}

/** One target of the queue (a case): all of its reports together. */
export interface ReportCaseSummary {
  id: string;
  targetType: ReportTargetType;
  targetId: string;
  account: { id: string; username: string; displayName: string; role: 'user' | 'moderator' | 'admin' };
  status: ReportStatus;
  /** Reports in the case (one per reporter). */
  reportCount: number;
  /** The categories the reports name, distinct. */
  categories: ReportCategory[];
  /** ISO 8601: the newest report. */
  latestReportAt: string;
  /** The first report's snapshot of the content. */
  snapshot: ReportSnapshot;
  assignee: StaffSummary | null;
  resolution: ReportResolution | null;
  /** For the `account_action` resolution: the action's kind (warn, suspend, …); else null. */
  actionKind: AccountActionKind | null;
  resolvedBy: StaffSummary | null;
  resolvedAt: string | null;
}

/** GET /api/admin/reports?status=&sort=&cursor=&limit= */
export interface ReportCasesPage {
  cases: ReportCaseSummary[];
  nextCursor: string | null;
}

/** One report of a case, with its reporter (staff see who reported; the reported member never does). */
export interface ReportEntry {
  id: string;
  reporter: { id: string; username: string; displayName: string };
  category: ReportCategory;
  /** The rule the reporter named, as it read then; null when none. */
  rule: CitedRule | null;
  comment: string | null;
  snapshot: ReportSnapshot;
  createdAt: string;
  updatedAt: string;
}

/** A staff member's private note on a case. */
export interface ReportNote {
  id: string;
  author: StaffSummary;
  body: string;
  createdAt: string;
}

/** What staff did earlier about the same account (the audit log, newest first, at most 20). */
export interface ReportHistoryEntry {
  action: string;
  actor: StaffSummary;
  targetLabel: string;
  reason: string | null;
  createdAt: string;
}

/** GET /api/admin/reports/:id */
export interface ReportCaseDetail {
  case: ReportCaseSummary;
  reports: ReportEntry[];
  notes: ReportNote[];
  /** The account's newest posts now (at most 10), as staff see them. */
  recentPosts: ReportSnapshotPost[];
  /** Earlier cases about the same account, newest first (at most 10). */
  earlierCases: ReportCaseSummary[];
  /** Staff actions on the account and its posts (the audit log), newest first (at most 20). */
  actions: ReportHistoryEntry[];
}

/** A private note: 1 to REPORT_NOTE_MAX_LENGTH characters. */
export const REPORT_NOTE_MAX_LENGTH = 1000;

/** POST /api/admin/reports/:id/notes */
export interface AddReportNoteRequest {
  body: string;
}

/**
 * POST /api/admin/reports/:id/resolve. `note` goes to the audit log as the reason and, for
 * `account_action` and `delete_post`, to the member's notice (required for `account_action`).
 * `account_action` takes `kind` (any account action kind) and, for `suspend`, `days` (1–365;
 * absent or null: indefinite), acting on the case's account.
 */
export interface ResolveReportRequest {
  action: ReportResolution;
  note?: string;
  /** Optional: the server rule the action cites; unknown: 400. */
  ruleId?: string | null;
  kind?: AccountActionKind;
  days?: number | null;
}

/** Answer of assign, notes and resolve: the case as it is now. */
export interface ReportCaseResponse {
  message: string;
  case: ReportCaseSummary;
}

/** GET /api/admin/reports/open-count: the back office's badge. */
export interface OpenReportsCount {
  open: number;
}
