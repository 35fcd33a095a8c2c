// The member's unread notification count (the nav badge, the title's "(N) "): one query shared by
// every badge, read after a reload from GET /api/notifications/unread-count and then overwritten
// by every absolute count the server sends (socket events, read answers). Kept small: it is in the
// entry chunk (the guest `/` JS budget of test/e2e/bundle-budget.test.ts), the list's code is not.
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { UnreadCountResponse } from '@gundem/contract';
import { apiClient } from '../../../lib/api-client';
import { useAuth, useViewerKey } from '../../../lib/auth';

export const unreadCountKey = (viewer: string) => ['notifications', 'unread', viewer] as const;

/** The unread count of the signed-in member (0 for a guest, and until the first answer). */
export function useUnreadNotificationCount(): number {
  const { isAuthenticated } = useAuth();
  const viewer = useViewerKey();
  const query = useQuery({
    queryKey: unreadCountKey(viewer),
    queryFn: ({ signal }) =>
      apiClient.get<UnreadCountResponse>('/notifications/unread-count', { signal }),
    select: (data) => data?.count ?? 0,
    enabled: isAuthenticated,
    // The socket keeps it current; a reconnect refetches it (LiveNotifications).
    staleTime: Infinity,
  });
  return isAuthenticated ? (query.data ?? 0) : 0;
}

/** Overwrites the badge with an absolute count from the server. */
export function setUnreadCount(queryClient: QueryClient, viewer: string, count: number): void {
  queryClient.setQueryData<UnreadCountResponse>(unreadCountKey(viewer), { count });
}
