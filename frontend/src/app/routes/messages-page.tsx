import { PageHeader } from '../../components/page-header';
import { AuthGate } from '../../features/auth/components/auth-gate';
import { MessagesView } from '../../features/messages/components/messages-view';
import { useDocumentTitle } from '../../lib/use-document-title';
import { trMessages } from '../../locales/tr-messages';

export function MessagesPage() {
  useDocumentTitle(trMessages.title);
  return (
    <>
      <PageHeader title={trMessages.title} />
      <AuthGate>
        <MessagesView />
      </AuthGate>
    </>
  );
}
