import type { Pagination } from './pagination.js';
import type { Post } from './posts.js';
import type { Role, User } from './users.js';

/**
 * Pictures' stored files (every variant) and their bytes, as the media storage counts them. That
 * is a walk of the whole store, so not one per load: one node measures again once the figure is
 * 10 minutes old, and every node answers the last figure meanwhile (docs/architecture.md#media).
 */
export interface DashboardMediaStatistics {
  files: number;
  bytes: number;
  /** When the store was last walked for these (ISO 8601); null before the first walk finished (files and bytes are 0 then). */
  measuredAt: string | null;
}

export interface DashboardStatistics {
  /** `verified` counts the verified badge, `admins` the role `admin` only. */
  users: { total: number; verified: number; active: number; admins: number };
  /** `today`: posts since midnight in Türkiye (Europe/Istanbul). Replies are posts. */
  posts: { total: number; today: number };
  media: DashboardMediaStatistics;
  /** True when users.total, users.active or posts.total is an estimate. */
  estimated: boolean;
}

/** GET /api/admin/dashboard */
export interface Dashboard {
  statistics: DashboardStatistics;
  recentUsers: User[];
  recentPosts: Post[];
}

/** GET /api/admin/users */
export interface AdminUsersPage {
  users: User[];
  pagination: Pagination;
}

/** GET /api/admin/posts */
export interface AdminPostsPage {
  posts: Post[];
  pagination: Pagination;
}

/** PATCH /api/admin/users/:id takes exactly one of these fields per call. */
export type UserPatch = { isActive: boolean } | { isVerified: boolean } | { role: Role };

/** PATCH /api/admin/users/:id */
export interface UpdateUserResponse {
  message: string;
  user: User;
}

/** GET /api/admin/registrations (staff): accounts waiting for approval, newest first. */
export interface PendingRegistrationsPage {
  users: User[];
  nextCursor: string | null;
}

/** POST /api/admin/registrations/:id/approve and /reject (staff). */
export interface RegistrationDecisionResponse {
  message: string;
  user: User;
}

/** PATCH /api/admin/posts/:id (staff): set or clear the post's `sensitive` mark. */
export interface PostPatch {
  sensitive: boolean;
}

/** PATCH /api/admin/posts/:id: the post as the staff member sees it, `sensitive` as set. */
export interface UpdatePostResponse {
  message: string;
  post: Post;
}

/**
 * What a staff member did (docs/wire-contract.md#audit-log). `user.*` act on an account,
 * `post.*` on a post, `settings.update` on the system settings, `rules.update` on the server
 * rules, `trend.*` on a hashtag's place in the trends, `report.*` on a report case (the
 * moderation desk: its id is the case's). `user.warn`, `user.sensitive_media`, `user.suspend`,
 * `user.limit` are account actions (their `reason` is the staff's text), `user.action_undo` undoes one,
 * `user.appeal_accept` / `user.appeal_reject` decide a member's appeal of one.
 */
export const AUDIT_ACTIONS = [
  'user.verify',
  'user.unverify',
  'user.activate',
  'user.deactivate',
  'user.role',
  'user.approve',
  'user.reject',
  'post.mark_sensitive',
  'post.clear_sensitive',
  'post.delete',
  'settings.update',
  'rules.update',
  'trend.hide',
  'trend.unhide',
  'report.assign',
  'report.resolve',
  'user.warn',
  'user.sensitive_media',
  'user.suspend',
  'user.limit',
  'user.action_undo',
  'user.appeal_accept',
  'user.appeal_reject',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = ['user', 'post', 'settings', 'rules', 'hashtag', 'report'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** One entry of the staff audit log; append-only, never changed once written. */
export interface AuditEntry {
  id: string;
  /** ISO 8601, when the action committed (its transaction's time). */
  createdAt: string;
  /** The staff member, and their username at the time. */
  actor: { id: string; username: string };
  action: AuditAction;
  /** `id` is null for the settings (one row), the rules (one list) and a hashtag (named by its label). `label`: `@username`, the post's first 80 characters, `Sistem ayarları`, `Sunucu kuralları` or `#etiket`. */
  target: { type: AuditTargetType; id: string | null; label: string };
  /** The staff's reason of an account action (`user.warn`, …); null for the other actions. */
  reason: string | null;
  /** The changed fields before and after, by wire name (`{ isVerified: false }` → `{ isVerified: true }`); `after` is null for a deletion. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** GET /api/admin/audit (admins only): newest first. */
export interface AuditPage {
  entries: AuditEntry[];
  nextCursor: string | null;
}
