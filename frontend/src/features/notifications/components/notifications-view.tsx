import { EmptyState } from '../../../components/empty-state';
import { BellIcon } from '../../../components/icons';
import { tr } from '../../../locales/tr';

/** The signed-in user's notifications; a later issue fills it. */
export function NotificationsView() {
  return (
    <EmptyState
      icon={<BellIcon size={32} />}
      title={tr.notifications.title}
      description={tr.notifications.placeholder}
    />
  );
}
