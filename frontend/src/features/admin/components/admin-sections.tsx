// The screens of the back office, imported by the router from this one place.
export { AdminAppeals } from './admin-appeals';
export { AdminAudit } from './admin-audit';
export { AdminDashboard } from './admin-dashboard';
export { AdminModeration } from './admin-moderation';
export { AdminPosts } from './admin-posts';
export { AdminRegistrations } from './admin-registrations';
export { AdminRules } from './admin-rules';
export { AdminSettings } from './admin-settings';
export { AdminTrends } from './admin-trends';
export { AdminUsers } from './admin-users';
