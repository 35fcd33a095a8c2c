// Blocking an account (issue 25, docs/product.md#engellemek): PUT or DELETE /api/users/:id/block.
// Shared by the post ⋯ menu, the profile ⋯ menu and the settings' `Engellenenler`, so it lives
// here rather than in one feature.
import type { BlockListResponse, BlockResponse } from '@gundem/contract';
import { type QueryClient, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { useAuth, useViewerKey } from './auth';
import { WRITE_MUTATION_KEY } from './idempotent-write';
import { entityId, type Post } from './types';

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

type PostPages = { pages: { posts?: Post[] }[] };

function isPostPages(data: unknown): data is PostPages {
  const pages = (data as PostPages | undefined)?.pages;
  return Array.isArray(pages) && pages.some((page) => Array.isArray(page?.posts));
}

/**
 * Takes the posts of `userId` (and the items of their reposts) out of every cached list of posts
 * (the home feeds, profiles, searches), open or not: an inactive list shows its cached pages the
 * moment it mounts again, before its refetch answers, and a blocked account must not show there.
 */
export function dropPostsOf(queryClient: QueryClient, userId: string): void {
  for (const query of queryClient.getQueryCache().getAll()) {
    const data = query.state.data;
    if (!isPostPages(data)) continue;
    const by = (post: Post) => entityId(post.author) === userId || (post.repostedBy !== undefined && entityId(post.repostedBy) === userId);
    if (!data.pages.some((page) => page.posts?.some(by))) continue;
    // A page load under way would write back the pages it read: it is cancelled (and asked again).
    if (query.state.fetchStatus === 'fetching') void query.cancel({ revert: true });
    queryClient.setQueryData<PostPages>(query.queryKey, (current) =>
      current && isPostPages(current) ? { ...current, pages: current.pages.map((page) => (page.posts?.some(by) ? { ...page, posts: page.posts.filter((post) => !by(post)) } : page)) } : current,
    );
  }
}

/**
 * Blocks or unblocks an account. A block changes what nearly every list shows (feeds, profiles,
 * searches, notifications, conversations): on success every query is read again, and a block
 * first takes the account's posts out of the cached lists (dropPostsOf).
 */
export function useSetBlock(onDone?: (block: boolean) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...WRITE_MUTATION_KEY, 'block'],
    mutationFn: ({ userId, block }: { userId: string; block: boolean }) => setBlock(userId, block),
    onSuccess: (_result, { userId, block }) => {
      if (block) dropPostsOf(queryClient, userId);
      void queryClient.invalidateQueries();
      onDone?.(block);
    },
  });
}
