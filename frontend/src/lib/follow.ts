// Following another member (docs/product.md#states): an optimistic flip at once, then the server's
// `isFollowing`, and back to where it was when the call fails. Shared by the sidebar's
// suggestions and the profile header, so it lives here rather than in one feature.
import { type InfiniteData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiClient } from './api-client';
import { useAuth, useViewerKey } from './auth';
import { WRITE_MUTATION_KEY } from './idempotent-write';
import { useRealtime } from './realtime/hooks';
import type { RealtimeClient } from './realtime/socket-client';

/**
 * The `Takip edilenler` feed's pages in the query cache (one entry per viewer below it). Under the
 * posts root (`features/posts/api/post-cache.ts`), so likes and reposts patch it like every list;
 * named here because a follow changes what it lists.
 */
export const FOLLOWING_FEED_KEY = ['posts', 'following'] as const;

/**
 * The profiles' `Takipçiler` / `Takip edilenler` lists (features/profile/api/get-follow-list.ts),
 * below it by member, side and viewer. A follow marks them stale, without reading an open one
 * again: the row just followed or unfollowed stays where it is, its button flipped.
 */
export const FOLLOW_LIST_ROOT = 'follow-list';

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

export interface FollowResult {
  isFollowing: boolean;
  followersCount?: number;
}

/**
 * PUT /api/users/:id/follow (follow) or DELETE (unfollow): the state asked for rather than the
 * toggle (POST), so a request sent again cannot undo itself.
 */
export function setFollow(userId: string, follow: boolean): Promise<FollowResult> {
  const path = `/users/${encodeURIComponent(userId)}/follow`;
  return follow ? apiClient.put<FollowResult>(path) : apiClient.delete<FollowResult>(path);
}

export function getFollowStatus(userId: string): Promise<{ isFollowing: boolean }> {
  return apiClient.get<{ isFollowing: boolean }>(`/users/${encodeURIComponent(userId)}/following`);
}

export const followStatusQueryKey = (userId: string, viewer: string) =>
  ['follow-status', userId, viewer] as const;

/** Asks whether the viewer follows `userId`; only when signed in and `enabled`. */
export function useFollowStatus(userId: string, enabled: boolean) {
  const { isAuthenticated } = useAuth();
  const viewer = useViewerKey();
  return useQuery({
    queryKey: followStatusQueryKey(userId, viewer),
    queryFn: () => getFollowStatus(userId),
    enabled: enabled && isAuthenticated && Boolean(userId),
  });
}

export interface FollowState {
  isFollowing: boolean;
  followersCount?: number;
}

function flipped(state: FollowState): FollowState {
  const { isFollowing, followersCount } = state;
  if (followersCount === undefined) return { isFollowing: !isFollowing };
  return {
    isFollowing: !isFollowing,
    followersCount: Math.max(0, followersCount + (isFollowing ? -1 : 1)),
  };
}

/**
 * The follow toggle of one account. `initial` is what the server last said; a newer value (a
 * refetched profile) replaces the local one. A guest gets the login dialog instead.
 */
export function useFollowToggle(userId: string, initial: FollowState) {
  const { isAuthenticated, openAuthModal } = useAuth();
  const queryClient = useQueryClient();
  const realtime = useRealtime();
  const [state, setState] = useState<FollowState>(initial);
  const sourceKey = `${userId}|${initial.isFollowing}|${initial.followersCount ?? ''}`;
  const [source, setSource] = useState(sourceKey);
  if (source !== sourceKey) {
    setSource(sourceKey);
    setState(initial);
  }

  const mutation = useMutation({
    mutationKey: [...WRITE_MUTATION_KEY, 'follow'],
    mutationFn: (follow: boolean) => setFollow(userId, follow),
    onMutate: () => {
      const previous = state;
      setState(flipped(previous));
      return { previous };
    },
    onSuccess: (result) => {
      setState((current) => ({
        isFollowing: Boolean(result?.isFollowing),
        followersCount:
          typeof result?.followersCount === 'number'
            ? result.followersCount
            : current.followersCount,
      }));
      refreshFollowingFeed(queryClient, realtime);
    },
    onError: (error, _variables, context) => {
      // docs/product.md#error-texts: no visible text, the button just goes back.
      console.error('Takip işlemi başarısız oldu', error);
      if (context) setState(context.previous);
    },
  });

  const toggle = () => {
    if (!isAuthenticated) {
      openAuthModal('login');
      return;
    }
    if (mutation.isPending) return;
    mutation.mutate(!state.isFollowing);
  };

  return { ...state, toggle, isPending: mutation.isPending };
}
