// The member's unread messages in every conversation, for the Mesajlar nav badge: read after a
// reload from GET /api/messages/unread-count, then overwritten by the absolute totals the server
// sends (`message:new` to the receiver, `message:read` to the reader's tabs), and read again
// after a reconnect. Every badge that calls the hook shares one query; each mounted copy applies
// the same absolute values, so two badges (sidebar and bottom bar) agree without coordination.
import { MESSAGE_UNREAD_COUNT_CAP, type MessagesUnreadCount } from '@gundem/contract';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useAuth, useViewerKey } from '../../../lib/auth';
import { useSocketEvent, useSocketResync } from '../../../lib/realtime/hooks';

export { MESSAGE_UNREAD_COUNT_CAP };

export const unreadMessagesKey = (viewer: string) => ['messages', 'unread-total', viewer] as const;

/**
 * The conversation open on this tab's messages screen, if any (set by useLiveMessages). A
 * message arriving there is read at once (the screen fetches it, which marks it read and sends
 * `message:read` with the lower total), so its `message:new` total is not shown meanwhile: the
 * badge would blink up and down.
 */
let openConversation: string | null = null;

export function setOpenConversation(userId: string | null): void {
  openConversation = userId;
}

/** Overwrites the total with an absolute count from the server. */
export function setUnreadMessageCount(queryClient: QueryClient, viewer: string, count: number): void {
  queryClient.setQueryData<MessagesUnreadCount>(unreadMessagesKey(viewer), { count });
}

/**
 * The signed-in member's unread messages (0 for a guest and until the first answer), live; at
 * most MESSAGE_UNREAD_COUNT_CAP (the server stops counting there). For the Mesajlar nav badge.
 */
export function useUnreadMessageCount(): number {
  const { isAuthenticated } = useAuth();
  const viewer = useViewerKey();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: unreadMessagesKey(viewer),
    queryFn: ({ signal }) => apiClient.get<MessagesUnreadCount>('/messages/unread-count', { signal }),
    select: (data) => data?.count ?? 0,
    enabled: isAuthenticated,
    // The socket keeps it current; a reconnect reads it again.
    staleTime: Infinity,
  });

  useSocketEvent('message:new', (event) => {
    if (!isAuthenticated || typeof event?.totalUnread !== 'number') return;
    if (event.conversation?.id && event.conversation.id === openConversation) return;
    setUnreadMessageCount(queryClient, viewer, event.totalUnread);
  });
  useSocketEvent('message:read', (event) => {
    if (!isAuthenticated || !event?.byViewer || typeof event.totalUnread !== 'number') return;
    setUnreadMessageCount(queryClient, viewer, event.totalUnread);
  });
  useSocketResync(() => {
    if (!isAuthenticated) return;
    void queryClient.invalidateQueries({ queryKey: unreadMessagesKey(viewer), exact: true }, { cancelRefetch: false });
  });

  return isAuthenticated ? (query.data ?? 0) : 0;
}
