import { NOTIFICATION_COUNT_CAP } from '@gundem/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useViewerKey } from '../../../lib/auth';
import { useSocketEvent, useSocketResync } from '../../../lib/realtime/hooks';
import { setTitleCount } from '../../../lib/use-document-title';
import { setUnreadCount, unreadCountKey, useUnreadNotificationCount } from '../api/unread-count';

/** The title's count as X shows it: `3`, `999+` at the server's cap. */
export function titleCountText(count: number): string | null {
  if (!(count > 0)) return null;
  return count >= NOTIFICATION_COUNT_CAP ? `${NOTIFICATION_COUNT_CAP - 1}+` : String(count);
}

/**
 * Mounted once for a signed-in member (app layout): keeps the unread count current from the
 * socket's absolute counts (`notification:new`, `notification:read`), refetches it after a
 * reconnect, and puts it in front of the document title. The list follows the same events
 * itself while it is open (hooks/use-live-notifications.ts).
 */
export function LiveNotifications() {
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  const count = useUnreadNotificationCount();

  useSocketEvent('notification:new', (event) => {
    if (typeof event?.unreadCount === 'number') setUnreadCount(queryClient, viewer, event.unreadCount);
  });
  useSocketEvent('notification:read', (event) => {
    if (typeof event?.unreadCount === 'number') setUnreadCount(queryClient, viewer, event.unreadCount);
  });
  useSocketResync(() => {
    void queryClient.invalidateQueries({ queryKey: unreadCountKey(viewer) });
  });

  useEffect(() => {
    setTitleCount(titleCountText(count));
  }, [count]);
  // Signed out (or unmounted): no count in the title.
  useEffect(() => () => setTitleCount(null), []);
  return null;
}
