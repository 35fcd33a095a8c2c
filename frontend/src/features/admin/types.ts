// Wire shapes of the admin API (SPEC.md 3 "Admin settings" and "Dashboard", CONTRACT.md).
import type { Post, Role, User } from '../../lib/types';

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  pages: number;
  /** True when `total` is the server's estimate: shown as approximate. */
  estimated?: boolean;
}

export interface DashboardStatistics {
  users: { total: number; verified: number; active: number; admins: number };
  posts: { total: number; today: number };
  /** True when users.total, users.active and posts.total are the server's estimates. */
  estimated?: boolean;
}

export interface Dashboard {
  statistics: DashboardStatistics;
  recentUsers: User[];
  recentPosts: Post[];
}

export interface AdminUsersPage {
  users: User[];
  pagination: Pagination;
}

export interface AdminPostsPage {
  posts: Post[];
  pagination: Pagination;
}

/** PATCH /api/admin/users/:id takes exactly one of these fields per call. */
export type UserPatch = { isActive: boolean } | { isVerified: boolean } | { role: Role };

export interface AdminSettings {
  siteName: string;
  registrationEnabled: boolean;
  emailVerificationRequired: boolean;
  maintenanceMode: boolean;
  maxTweetLength: number;
  allowedFileTypes: string[];
  /** Bytes. */
  maxFileSize: number;
  rateLimit: { windowMs: number; maxRequests: number };
}
