import { NOTIFICATION_COUNT_CAP } from '@gundem/contract';
import { NavBadge } from '../../../components/nav-badge';
import { tr } from '../../../locales/tr';
import { useUnreadNotificationCount } from '../api/unread-count';

/** The Bildirimler entry's unread badge (sidebar and bottom bar); nothing for a guest. */
export function NotificationsBadge() {
  const count = useUnreadNotificationCount();
  return <NavBadge count={count} cap={NOTIFICATION_COUNT_CAP} label={tr.notifications.badge} />;
}
