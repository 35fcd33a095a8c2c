// Wire shapes of the admin API (docs/wire-contract.md#admin, #settings): the
// contract's, so a change on the server fails this build.
export type {
  AdminPostsPage,
  AdminUsersPage,
  AuditAction,
  AuditEntry,
  AuditPage,
  Dashboard,
  DashboardStatistics,
  Pagination,
  SiteSettings as AdminSettings,
  UserPatch,
} from '@gundem/contract';
