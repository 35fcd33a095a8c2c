import { useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useViewerKey } from '../../../lib/auth';
import type { PostsPage } from '../../../lib/types';
import { TIMELINE_PAGE_SIZE, toPostsPage } from './get-timeline';
import { POSTS_ROOT_KEY } from './post-cache';

/** Under the posts root: likes and reposts patch its copies like every list's. */
export const popularQueryKey = (viewer: string) => [...POSTS_ROOT_KEY, 'popular', viewer] as const;

/**
 * GET /api/posts/popular (docs/wire-contract.md#posts): the most engaged top-level posts of the
 * last 24 hours, at most 50 over its pages.
 */
export async function getPopularPosts({ cursor, signal }: { cursor?: string; signal?: AbortSignal } = {}): Promise<PostsPage> {
  const data = await apiClient.get<PostsPage>('/posts/popular', { query: { limit: TIMELINE_PAGE_SIZE, cursor }, signal });
  return toPostsPage(data);
}

/** Explore's `Popüler` tab. */
export function usePopularPosts() {
  const viewer = useViewerKey();
  return useInfiniteQuery({
    queryKey: popularQueryKey(viewer),
    queryFn: ({ pageParam, signal }) => getPopularPosts({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
