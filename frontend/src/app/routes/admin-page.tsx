import { AdminAccessDenied } from '../../features/admin/components/admin-access-denied';
import { AdminLayout } from '../../features/admin/components/admin-layout';
import { AdminDashboard, AdminSettings } from '../../features/admin/components/admin-sections';
import { useAuth } from '../../lib/auth';
import { isStaff } from '../../lib/types';

/** /admin/*: access checks, then the back-office frame around the sub-route. */
export function AdminPage() {
  const { user, isAuthenticated } = useAuth();
  if (!isAuthenticated || !user) return <AdminAccessDenied reason="guest" />;
  if (!isStaff(user)) return <AdminAccessDenied reason="forbidden" />;
  return <AdminLayout user={user} />;
}

/** System settings are for admins; a moderator lands on the dashboard (SPEC.md 6). */
export function AdminSettingsRoute() {
  const { user } = useAuth();
  return user?.role === 'admin' ? <AdminSettings /> : <AdminDashboard />;
}
