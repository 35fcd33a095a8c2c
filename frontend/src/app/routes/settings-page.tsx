import { PageHeader } from '../../components/page-header';
import { AuthGate } from '../../features/auth/components/auth-gate';
import { SettingsView } from '../../features/settings/components/settings-view';
import { useDocumentTitle } from '../../lib/use-document-title';
import { tr } from '../../locales/tr';

export function SettingsPage() {
  useDocumentTitle(tr.settings.title);
  return (
    <>
      <PageHeader title={tr.settings.title} />
      <AuthGate>
        <SettingsView />
      </AuthGate>
    </>
  );
}
