// Blocking an account (issue 25, docs/product.md#engellemek): PUT or DELETE /api/users/:id/block.
// Shared by the post ⋯ menu, the profile ⋯ menu and the settings' `Engellenenler`, so it lives
// here rather than in one feature.
import type { BlockListResponse, BlockResponse } from '@gundem/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { useAuth, useViewerKey } from './auth';
import { WRITE_MUTATION_KEY } from './idempotent-write';

/** The settings' `Engellenenler` pages in the query cache (one entry per viewer below it). */
export const BLOCK_LIST_ROOT = 'block-list';

/** The state asked for (PUT blocks, DELETE unblocks), so a request sent again cannot undo itself. */
export function setBlock(userId: string, block: boolean): Promise<BlockResponse> {
  const path = `/users/${encodeURIComponent(userId)}/block`;
  return block ? apiClient.put<BlockResponse>(path) : apiClient.delete<BlockResponse>(path);
}

export function getBlockList({ cursor, signal }: { cursor?: string; signal?: AbortSignal } = {}): Promise<BlockListResponse> {
  return apiClient.get<BlockListResponse>('/users/blocks', { query: { cursor }, signal });
}

/** The accounts the viewer blocks, newest block first, a page at a time (members only). */
export function useBlockList() {
  const viewer = useViewerKey();
  const { isAuthenticated } = useAuth();
  return useInfiniteQuery({
    queryKey: [BLOCK_LIST_ROOT, viewer],
    queryFn: ({ pageParam, signal }) => getBlockList({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: isAuthenticated,
  });
}

/**
 * Blocks or unblocks an account. A block changes what nearly every list shows (feeds, profiles,
 * searches, notifications, conversations): on success every query is read again.
 */
export function useSetBlock(onDone?: (block: boolean) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...WRITE_MUTATION_KEY, 'block'],
    mutationFn: ({ userId, block }: { userId: string; block: boolean }) => setBlock(userId, block),
    onSuccess: (_result, { block }) => {
      void queryClient.invalidateQueries();
      onDone?.(block);
    },
  });
}
