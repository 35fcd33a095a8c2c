import { NavBadge } from '../../../components/nav-badge';
import { tr } from '../../../locales/tr';
import { MESSAGE_UNREAD_COUNT_CAP, useUnreadMessageCount } from '../api/unread-count';

/** The Mesajlar entry's unread badge (sidebar and bottom bar); nothing for a guest. */
export function MessagesBadge() {
  const count = useUnreadMessageCount();
  return <NavBadge count={count} cap={MESSAGE_UNREAD_COUNT_CAP} label={tr.messages.badge} />;
}
