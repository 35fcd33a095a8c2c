import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../lib/use-document-title';
import { trModeration } from '../../locales/tr-moderation';
import { AuthGate } from '../../features/auth/components/auth-gate';
import { sendAppeal, useNotices } from '../../features/moderation/api/notices';
import { NoticesList } from '../../features/moderation/components/notices-list';

/** `/notifications/moderation`: the signed-in member's notices of staff actions (docs/product.md#moderation-notices). */
export function NoticesPage() {
  useDocumentTitle(trModeration.noticesTitle);
  return (
    <>
      <PageHeader title={trModeration.noticesTitle} subtitle={trModeration.noticesIntro} />
      <AuthGate>
        <MemberNotices />
      </AuthGate>
    </>
  );
}

function MemberNotices() {
  const query = useNotices();
  return (
    <NoticesList
      notices={query.data?.notices}
      isPending={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      appeal={sendAppeal}
    />
  );
}
