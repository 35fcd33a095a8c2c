import { PageHeader } from '../../components/page-header';
import { AuthGate } from '../../features/auth/components/auth-gate';
import { MessagesView } from '../../features/messages/components/messages-view';
import { useDocumentTitle } from '../../lib/use-document-title';
import { tr } from '../../locales/tr';

export function MessagesPage() {
  useDocumentTitle(tr.messages.title);
  return (
    <>
      <PageHeader title={tr.messages.title} />
      <AuthGate>
        <MessagesView />
      </AuthGate>
    </>
  );
}
