import { Spinner } from '../../components/spinner';
import { AdminAccessDenied } from '../../features/admin/components/admin-access-denied';
import { AdminLayout } from '../../features/admin/components/admin-layout';
import { Navigate } from 'react-router-dom';
import { AdminAudit, AdminRules, AdminSettings } from '../../features/admin/components/admin-sections';
import { useAuth } from '../../lib/auth';
import { isStaff } from '../../lib/types';
import { useDocumentTitle } from '../../lib/use-document-title';
import { tr } from '../../locales/tr';
import { trAdmin } from '../../locales/tr-admin';

/** /admin/*: access checks, then the back-office frame around the sub-route. */
export function AdminPage() {
  useDocumentTitle(trAdmin.title);
  const { user, status, isAuthenticated } = useAuth();
  // While a stored token is checked the visitor is neither guest nor staff yet: no denied screen.
  if (status === 'loading') {
    return (
      <div className="admin-denied">
        <Spinner size="lg" label={tr.auth.sessionChecking} />
      </div>
    );
  }
  if (!isAuthenticated || !user) return <AdminAccessDenied reason="guest" />;
  if (!isStaff(user)) return <AdminAccessDenied reason="forbidden" />;
  return <AdminLayout user={user} />;
}

/**
 * System settings are for admins; a moderator is sent to the dashboard's own URL
 * (docs/product.md#roles), so the address bar and the current tab say where they are.
 */
export function AdminSettingsRoute() {
  const { user } = useAuth();
  return user?.role === 'admin' ? <AdminSettings /> : <Navigate to="/admin" replace />;
}

/**
 * The staff audit log is for admins (the API answers a moderator 403): anyone else on the back
 * office sees the app's "no permission" screen rather than a list that could only fail.
 */
export function AdminAuditRoute() {
  const { user } = useAuth();
  return user?.role === 'admin' ? <AdminAudit /> : <AdminAccessDenied reason="forbidden" description={trAdmin.auditDenied} />;
}

/** The server rules' editor is for admins (the API answers a moderator 403), as the audit log. */
export function AdminRulesRoute() {
  const { user } = useAuth();
  return user?.role === 'admin' ? <AdminRules /> : <AdminAccessDenied reason="forbidden" description={trAdmin.rulesDenied} />;
}
