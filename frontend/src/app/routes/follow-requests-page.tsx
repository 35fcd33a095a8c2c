import { PageHeader } from '../../components/page-header';
import { AuthGate } from '../../features/auth/components/auth-gate';
import { FollowRequestsView } from '../../features/follow-requests/follow-requests-view';
import { useDocumentTitle } from '../../lib/use-document-title';
import { trFollowRequests } from '../../locales/tr-follow-requests';

/** `/follow-requests` (issue 26): the protected member's `Takip istekleri`, loaded on demand. */
export function FollowRequestsPage() {
  useDocumentTitle(trFollowRequests.title);
  return (
    <>
      <PageHeader title={trFollowRequests.title} />
      <AuthGate>
        <FollowRequestsView />
      </AuthGate>
    </>
  );
}

export { FollowRequestsBadge } from '../../features/follow-requests/follow-requests-badge';
