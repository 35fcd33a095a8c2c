import { PageHeader } from '../../components/page-header';
import { AuthGate } from '../../features/auth/components/auth-gate';
import { SettingsView } from '../../features/settings/components/settings-view';
import { useDocumentTitle } from '../../lib/use-document-title';
import { trSettings } from '../../locales/tr-settings';

export function SettingsPage() {
  useDocumentTitle(trSettings.title);
  return (
    <>
      <PageHeader title={trSettings.title} />
      <AuthGate>
        <SettingsView />
      </AuthGate>
    </>
  );
}
