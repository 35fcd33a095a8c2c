import { PageHeader } from '../../components/page-header';
import { AuthGate } from '../../features/auth/components/auth-gate';
import { NotificationsView } from '../../features/notifications/components/notifications-view';
import { useDocumentTitle } from '../../lib/use-document-title';
import { trNotifications } from '../../locales/tr-notifications';

export function NotificationsPage() {
  useDocumentTitle(trNotifications.title);
  return (
    <>
      <PageHeader title={trNotifications.title} />
      <AuthGate>
        <NotificationsView />
      </AuthGate>
    </>
  );
}
