import { PageHeader } from '../../components/page-header';
import { AuthGate } from '../../features/auth/components/auth-gate';
import { NotificationsView } from '../../features/notifications/components/notifications-view';
import { useDocumentTitle } from '../../lib/use-document-title';
import { tr } from '../../locales/tr';

export function NotificationsPage() {
  useDocumentTitle(tr.notifications.title);
  return (
    <>
      <PageHeader title={tr.notifications.title} />
      <AuthGate>
        <NotificationsView />
      </AuthGate>
    </>
  );
}
