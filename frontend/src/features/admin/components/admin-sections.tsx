// The six screens of the back office, imported by the router from this one place.
export { AdminAppeals } from './admin-appeals';
export { AdminAudit } from './admin-audit';
export { AdminDashboard } from './admin-dashboard';
export { AdminPosts } from './admin-posts';
export { AdminSettings } from './admin-settings';
export { AdminUsers } from './admin-users';
