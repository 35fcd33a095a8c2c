// Following another member (docs/product.md#states): an optimistic flip at once, then the server's
// `isFollowing`, and back to where it was when the call fails. Shared by the sidebar's
// suggestions and the profile header, so it lives here rather than in one feature.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiClient } from './api-client';
import { useAuth, useViewerKey } from './auth';
import { WRITE_MUTATION_KEY } from './idempotent-write';
import { useRealtime, useSocketEvent } from './realtime/hooks';

export interface FollowResult {
  isFollowing: boolean;
  /** A follow of a protected account is a request until it approves it (issue 26). */
  requested?: boolean;
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
  /** The viewer's follow request to this protected account is pending (issue 26). */
  requested?: boolean;
  followersCount?: number;
}

/**
 * What a click is expected to make of `state` before the server answers: an unfollow or a
 * withdrawn request, or else a follow, or a request when the account is protected.
 */
export function flipped(state: FollowState, isProtected = false): FollowState {
  const { isFollowing, requested, followersCount } = state;
  const count = (delta: number) => (followersCount === undefined ? {} : { followersCount: Math.max(0, followersCount + delta) });
  if (isFollowing) return { isFollowing: false, requested: false, ...count(-1) };
  if (requested) return { isFollowing: false, requested: false, ...count(0) };
  if (isProtected) return { isFollowing: false, requested: true, ...count(0) };
  return { isFollowing: true, requested: false, ...count(1) };
}

/**
 * The follow toggle of one account. `initial` is what the server last said; a newer value (a
 * refetched profile) replaces the local one. A guest gets the login dialog instead. For a
 * protected account (`options.protected`, issue 26) a follow is a request: the state says
 * `requested`, a second click withdraws it (DELETE), and the account's approval (live,
 * `follow-request:approved`) makes it a follow.
 */
export function useFollowToggle(userId: string, initial: FollowState, options: { protected?: boolean } = {}) {
  const { isAuthenticated, openAuthModal } = useAuth();
  const queryClient = useQueryClient();
  const realtime = useRealtime();
  const [state, setState] = useState<FollowState>(initial);
  const sourceKey = `${userId}|${initial.isFollowing}|${initial.requested ?? ''}|${initial.followersCount ?? ''}`;
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
      setState(flipped(previous, options.protected));
      return { previous };
    },
    onSuccess: (result) => {
      setState((current) => ({
        isFollowing: Boolean(result?.isFollowing),
        requested: Boolean(result?.requested),
        followersCount:
          typeof result?.followersCount === 'number'
            ? result.followersCount
            : current.followersCount,
      }));
      // After a follow only: its code comes then (a guest's `/` has its bytes counted, issue 13).
      void import('./follow-refresh').then(({ refreshFollowingFeed }) => refreshFollowingFeed(queryClient, realtime));
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
    // A follow, or else (following, or a request pending) an unfollow that also withdraws the request.
    mutation.mutate(!(state.isFollowing || state.requested));
  };

  useSocketEvent('follow-request:approved', (event) => {
    if (event.userId !== userId || !state.requested) return;
    setState((current) => ({ ...current, isFollowing: true, requested: false }));
  });

  return { ...state, requested: Boolean(state.requested) && !state.isFollowing, toggle, isPending: mutation.isPending };
}
