import { FOLLOW_REQUESTS_COUNT_MAX } from '@gundem/contract';
import { useQueryClient } from '@tanstack/react-query';
import { NavBadge } from '../../components/nav-badge';
import { useViewerKey } from '../../lib/auth';
import { useSocketEvent, useSocketResync } from '../../lib/realtime/hooks';
import { trFollowRequests } from '../../locales/tr-follow-requests';
import { followRequestsCountKey, followRequestsKey, useFollowRequestsCount } from './api';

/**
 * The `Takip istekleri` entry's badge (issue 26): the pending requests, read once and then
 * overwritten by every `follow-requests:count` (a request came, was withdrawn or decided on any
 * tab); a reconnect reads it again. A new count also refreshes an open list.
 */
export function FollowRequestsBadge() {
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  const count = useFollowRequestsCount(true);
  useSocketEvent('follow-requests:count', ({ count: next }) => {
    queryClient.setQueryData(followRequestsCountKey(viewer), next);
    void queryClient.invalidateQueries({ queryKey: followRequestsKey(viewer) });
  });
  useSocketResync(() => void queryClient.invalidateQueries({ queryKey: followRequestsCountKey(viewer) }));
  return <NavBadge count={count} cap={FOLLOW_REQUESTS_COUNT_MAX} label={trFollowRequests.badge} />;
}
