// Wire shapes of the admin API (SPEC.md 3 "Admin settings" and "Dashboard", CONTRACT.md): the
// contract's, so a change on the server fails this build.
export type {
  AdminPostsPage,
  AdminUsersPage,
  Dashboard,
  DashboardStatistics,
  Pagination,
  SiteSettings as AdminSettings,
  UserPatch,
} from '@gundem/contract';
