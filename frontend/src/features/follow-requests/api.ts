// `Takip istekleri` (issue 26): the protected member's pending follow requests, their count (the
// nav badge, kept live by `follow-requests:count`) and the approve / decline calls.
import type { FollowRequestDecisionResponse, FollowRequestListResponse } from '@gundem/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { useAuth, useViewerKey } from '../../lib/auth';
import { WRITE_MUTATION_KEY } from '../../lib/idempotent-write';

const ROOT = 'follow-requests';
export const followRequestsKey = (viewer: string) => [ROOT, 'list', viewer] as const;
export const followRequestsCountKey = (viewer: string) => [ROOT, 'count', viewer] as const;

function getPage(cursor: string | undefined, signal?: AbortSignal, limit = 20): Promise<FollowRequestListResponse> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  return apiClient.get<FollowRequestListResponse>(`/users/me/follow-requests?${query}`, { signal });
}

/** The pending requests, newest first, in keyset pages. */
export function useFollowRequests() {
  const viewer = useViewerKey();
  const { isAuthenticated } = useAuth();
  return useInfiniteQuery({
    queryKey: followRequestsKey(viewer),
    queryFn: ({ pageParam, signal }) => getPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: isAuthenticated,
  });
}

/** How many requests are pending (0 for a guest and until the first answer); the socket keeps it current. */
export function useFollowRequestsCount(enabled: boolean): number {
  const viewer = useViewerKey();
  const query = useQuery({
    queryKey: followRequestsCountKey(viewer),
    queryFn: async ({ signal }) => (await getPage(undefined, signal, 1)).count,
    enabled,
    staleTime: Infinity,
  });
  return enabled ? (query.data ?? 0) : 0;
}

/** Approves (`approve` true) or declines one request; the list and the badge are read again. */
export function useDecideFollowRequest() {
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  return useMutation({
    mutationKey: [...WRITE_MUTATION_KEY, 'follow-request'],
    mutationFn: ({ userId, approve }: { userId: string; approve: boolean }) =>
      apiClient.post<FollowRequestDecisionResponse>(`/users/me/follow-requests/${encodeURIComponent(userId)}/${approve ? 'approve' : 'decline'}`),
    onSuccess: (result) => {
      queryClient.setQueryData(followRequestsCountKey(viewer), result.count);
      void queryClient.invalidateQueries({ queryKey: followRequestsKey(viewer) });
    },
  });
}
