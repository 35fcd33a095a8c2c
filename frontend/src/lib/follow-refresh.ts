import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { FOLLOW_LIST_ROOT, FOLLOWING_FEED_KEY } from './follow-keys';
import type { RealtimeClient } from './realtime/socket-client';

/**
 * After a follow or unfollow the `Takip edilenler` feed lists other accounts: an open feed drops
 * its later pages and reads its first page again (no spinner: the old items stay until the new
 * page lands), a cached one that no screen shows is dropped (opened later, it loads afresh rather
 * than painting the stale list first), and the socket rejoins the followed authors' rooms, so
 * their new posts arrive live (and an unfollowed author's stop).
 */
export function refreshFollowingFeed(queryClient: QueryClient, realtime: RealtimeClient | null): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: FOLLOWING_FEED_KEY })) {
    if (query.getObserversCount() === 0) {
      queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
      continue;
    }
    queryClient.setQueryData<InfiniteData<unknown>>(query.queryKey, (data) =>
      data && data.pages.length > 1
        ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) }
        : data,
    );
    void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
  }
  realtime?.refreshFeed('following');
  void queryClient.invalidateQueries({ queryKey: [FOLLOW_LIST_ROOT], refetchType: 'none' });
}
