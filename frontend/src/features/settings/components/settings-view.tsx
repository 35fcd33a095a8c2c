import { EmptyState } from '../../../components/empty-state';
import { SettingsIcon } from '../../../components/icons';
import { tr } from '../../../locales/tr';

/** Account, notification, privacy and display settings; a later issue fills it. */
export function SettingsView() {
  return (
    <EmptyState
      icon={<SettingsIcon size={32} />}
      title={tr.settings.title}
      description={tr.settings.placeholder}
    />
  );
}
