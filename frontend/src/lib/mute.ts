// Muting accounts and words (issue 25, docs/product.md#sessize-almak): PUT or DELETE
// /api/users/:id/mute, GET /api/users/mutes and /api/users/muted-words, POST and DELETE of a word.
// Shared by the post ⋯ menu, the profile ⋯ menu and the settings' `Sessize alınanlar`, so it lives
// here (loaded with those screens only, never with the guest's first page).
import type { MutedWordListResponse, MutedWordRequest, MutedWordResponse, MuteListResponse, MuteResponse } from '@gundem/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { useAuth, useViewerKey } from './auth';
import { dropPostsOf } from './block';
import { WRITE_MUTATION_KEY } from './idempotent-write';

/** The settings' muted accounts and muted words in the query cache (one entry per viewer below each). */
export const MUTE_LIST_ROOT = 'mute-list';
export const MUTED_WORDS_ROOT = 'muted-words';

/** The durations the server takes, in days (none: until undone). */
export type MuteDays = 1 | 7 | 30;

/** The state asked for (PUT mutes, DELETE unmutes), so a request sent again cannot undo itself. */
export function setMute(userId: string, mute: boolean): Promise<MuteResponse> {
  const path = `/users/${encodeURIComponent(userId)}/mute`;
  return mute ? apiClient.put<MuteResponse>(path) : apiClient.delete<MuteResponse>(path);
}

/** The accounts the viewer mutes now, newest mute first, a page at a time (members only). */
export function useMuteList() {
  const viewer = useViewerKey();
  const { isAuthenticated } = useAuth();
  return useInfiniteQuery({
    queryKey: [MUTE_LIST_ROOT, viewer],
    queryFn: ({ pageParam, signal }) => apiClient.get<MuteListResponse>('/users/mutes', { query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: isAuthenticated,
  });
}

/**
 * Mutes or unmutes an account. It changes what the feeds, search and notifications show: on
 * success a mute first takes the account's posts out of the cached lists (as a block does: a
 * ranked page's refetch could land after the muted posts were shown), then every query is read
 * again, so the feed drops (or brings back) the account's posts at once.
 */
export function useSetMute(onDone?: (mute: boolean) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...WRITE_MUTATION_KEY, 'mute'],
    mutationFn: ({ userId, mute }: { userId: string; mute: boolean }) => setMute(userId, mute),
    onSuccess: (_result, { userId, mute }) => {
      if (mute) dropPostsOf(queryClient, userId);
      void queryClient.invalidateQueries();
      onDone?.(mute);
    },
  });
}

/** The viewer's active muted words, newest first. */
export function useMutedWords() {
  const viewer = useViewerKey();
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: [MUTED_WORDS_ROOT, viewer],
    queryFn: ({ signal }) => apiClient.get<MutedWordListResponse>('/users/muted-words', { signal }),
    enabled: isAuthenticated,
  });
}

/** Adds a muted word (optionally for `days`); every list is read again after it. */
export function useAddMutedWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...WRITE_MUTATION_KEY, 'muted-word'],
    mutationFn: (request: MutedWordRequest) => apiClient.post<MutedWordResponse>('/users/muted-words', request),
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}

/** Removes one muted word; every list is read again after it. */
export function useRemoveMutedWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...WRITE_MUTATION_KEY, 'muted-word-remove'],
    mutationFn: (id: string) => apiClient.delete<void>(`/users/muted-words/${encodeURIComponent(id)}`),
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}
