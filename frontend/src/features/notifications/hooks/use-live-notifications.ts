// `notification:new` / `notification:read` and reconnects → the open notification list.
// The unread count follows the same events in LiveNotifications (always mounted for a member).
import { useQueryClient } from '@tanstack/react-query';
import { useViewerKey } from '../../../lib/auth';
import { useSocketEvent, useSocketResync } from '../../../lib/realtime/hooks';
import { markReadInCache, putOnTop, refreshLists } from '../api/notifications';

export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  const viewer = useViewerKey();

  useSocketEvent('notification:new', (event) => {
    if (event?.notification?.id) putOnTop(queryClient, viewer, event.notification);
  });

  useSocketEvent('notification:read', (event) => {
    if (event?.all) markReadInCache(queryClient, viewer, null);
    else if (event?.id) markReadInCache(queryClient, viewer, event.id);
    // Neither: a pending notification was withdrawn; what is left is the server's to say.
    else refreshLists(queryClient, viewer);
  });

  useSocketResync(() => refreshLists(queryClient, viewer));
}
