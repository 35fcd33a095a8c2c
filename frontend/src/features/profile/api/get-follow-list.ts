import type { FollowListResponse } from '@gundem/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useViewerKey } from '../../../lib/auth';
import { FOLLOW_LIST_ROOT } from '../../../lib/follow-keys';

export type FollowListKind = 'followers' | 'following';

export const followListQueryKey = (username: string, kind: FollowListKind, viewer: string) =>
  [FOLLOW_LIST_ROOT, username, kind, viewer] as const;

/**
 * GET /api/users/profile/:username/followers or …/following (docs/wire-contract.md#follow-lists):
 * a member's followers or followed accounts, newest follow first, `isFollowing` for the viewer.
 */
export function getFollowList(
  username: string,
  kind: FollowListKind,
  { cursor, signal }: { cursor?: string; signal?: AbortSignal } = {},
): Promise<FollowListResponse> {
  return apiClient.get<FollowListResponse>(`/users/profile/${encodeURIComponent(username)}/${kind}`, {
    query: { cursor },
    signal,
  });
}

export function useFollowList(username: string, kind: FollowListKind) {
  const viewer = useViewerKey();
  return useInfiniteQuery({
    queryKey: followListQueryKey(username, kind, viewer),
    queryFn: ({ pageParam, signal }) => getFollowList(username, kind, { cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: username.length > 0,
  });
}
