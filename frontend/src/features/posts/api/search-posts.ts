import { useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useViewerKey } from '../../../lib/auth';
import type { PostsPage } from '../../../lib/types';
import { toPostsPage } from './get-timeline';
import { POSTS_ROOT_KEY } from './post-cache';

export const searchPostsQueryKey = (query: string, viewer: string) =>
  [...POSTS_ROOT_KEY, 'search', query, viewer] as const;

/** GET /api/posts/search?q= */
export async function searchPosts({
  query,
  cursor,
  signal,
}: {
  query: string;
  cursor?: string;
  signal?: AbortSignal;
}): Promise<PostsPage> {
  const data = await apiClient.get<PostsPage>('/posts/search', {
    query: { q: query, cursor },
    signal,
  });
  return toPostsPage(data);
}

export function useSearchPosts(query: string) {
  const viewer = useViewerKey();
  return useInfiniteQuery({
    queryKey: searchPostsQueryKey(query, viewer),
    queryFn: ({ pageParam, signal }) => searchPosts({ query, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: query.length > 0,
  });
}
