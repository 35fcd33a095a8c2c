// The notification list (docs/wire-contract.md#notifications): one infinite query per tab, the
// read calls, and the cache edits live events and read answers make (no refetch per event).
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  NotificationFilter,
  NotificationGroup,
  NotificationPage,
  NotificationReadResponse,
} from '@gundem/contract';
import { apiClient } from '../../../lib/api-client';
import { useAuth, useViewerKey } from '../../../lib/auth';
import { setUnreadCount } from './unread-count';

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationListRoot = (viewer: string) => ['notifications', 'list', viewer] as const;
export const notificationListKey = (viewer: string, filter: NotificationFilter) =>
  [...notificationListRoot(viewer), filter] as const;

type ListData = InfiniteData<NotificationPage, string | undefined>;

export async function getNotifications({
  filter,
  cursor,
  signal,
}: {
  filter: NotificationFilter;
  cursor?: string;
  signal?: AbortSignal;
}): Promise<NotificationPage> {
  const data = await apiClient.get<Partial<NotificationPage>>('/notifications', {
    query: { filter, cursor, limit: NOTIFICATIONS_PAGE_SIZE },
    signal,
  });
  return {
    notifications: data?.notifications ?? [],
    nextCursor: data?.nextCursor ?? null,
    unreadCount: data?.unreadCount ?? 0,
  };
}

export function useNotifications(filter: NotificationFilter) {
  const viewer = useViewerKey();
  const { isAuthenticated } = useAuth();
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: notificationListKey(viewer, filter),
    queryFn: async ({ pageParam, signal }) => {
      const page = await getNotifications({ filter, cursor: pageParam, signal });
      // Every answer carries the member's unread count: the badge agrees with what is shown.
      setUnreadCount(queryClient, viewer, page.unreadCount);
      return page;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: isAuthenticated,
    // The socket keeps an open list current; coming back asks again.
    staleTime: 0,
  });
}

export function markNotificationRead(id: string): Promise<NotificationReadResponse> {
  return apiClient.post<NotificationReadResponse>(`/notifications/${encodeURIComponent(id)}/read`);
}

export function markAllNotificationsRead(): Promise<NotificationReadResponse> {
  return apiClient.post<NotificationReadResponse>('/notifications/read-all');
}

/** Which tabs list a group: `Bahsedenler` holds mentions and replies. */
export function belongsTo(filter: NotificationFilter, group: NotificationGroup): boolean {
  if (filter === 'mentions') return group.type === 'mention' || group.type === 'reply';
  return filter === 'all';
}

function mapGroups(
  data: ListData | undefined,
  change: (group: NotificationGroup) => NotificationGroup,
): ListData | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    let pageChanged = false;
    const notifications = page.notifications.map((group) => {
      const next = change(group);
      if (next !== group) pageChanged = true;
      return next;
    });
    if (!pageChanged) return page;
    changed = true;
    return { ...page, notifications };
  });
  return changed ? { ...data, pages } : data;
}

/** Marks one group (or, with null, every group) read in every cached tab. */
export function markReadInCache(queryClient: QueryClient, viewer: string, id: string | null): void {
  queryClient.setQueriesData<ListData>({ queryKey: notificationListRoot(viewer) }, (data) =>
    mapGroups(data, (group) =>
      !group.read && (id === null || group.id === id) ? { ...group, read: true } : group,
    ),
  );
}

/**
 * A `notification:new` group, as the list would show it now: it leaves its old place and goes on
 * top of every cached tab that lists it. `Onaylı` counts only verified actors, which the event
 * does not tell apart: that tab is refetched (once per event; the server coalesces them).
 */
export function putOnTop(queryClient: QueryClient, viewer: string, group: NotificationGroup): void {
  for (const filter of ['all', 'mentions'] as const) {
    if (!belongsTo(filter, group)) continue;
    queryClient.setQueryData<ListData>(notificationListKey(viewer, filter), (data) => {
      if (!data || data.pages.length === 0) return data;
      const pages = data.pages.map((page, index) => {
        const rest = page.notifications.filter((item) => item.id !== group.id);
        return index === 0 ? { ...page, notifications: [group, ...rest] } : { ...page, notifications: rest };
      });
      return { ...data, pages };
    });
  }
  if (group.actors.some((actor) => actor.isVerified)) {
    void queryClient.invalidateQueries({
      queryKey: notificationListKey(viewer, 'verified'),
      refetchType: 'active',
    });
  }
}

/** Something was withdrawn (an unlike, an unfollow): the lists ask again, only those on screen. */
export function refreshLists(queryClient: QueryClient, viewer: string): void {
  void queryClient.invalidateQueries({ queryKey: notificationListRoot(viewer), refetchType: 'active' });
}
