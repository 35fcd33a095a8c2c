import { useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useViewerKey } from '../../../lib/auth';
import type { PostsPage } from '../../../lib/types';
import { TIMELINE_PAGE_SIZE, toPostsPage } from './get-timeline';
import { POSTS_ROOT_KEY } from './post-cache';

/** The `Son` tab's pages, under the posts' root key so likes, reposts and deletions patch them too. */
export const latestQueryKey = (viewer: string) => [...POSTS_ROOT_KEY, 'latest', viewer] as const;

/** GET /api/posts/timeline: every member's posts in time order (SPEC's home feed, the `Son` tab since issue 26). */
export async function getLatestTimeline({ cursor, signal }: { cursor?: string; signal?: AbortSignal } = {}): Promise<PostsPage> {
  return toPostsPage(await apiClient.get<PostsPage>('/posts/timeline', { query: { limit: TIMELINE_PAGE_SIZE, cursor }, signal }));
}

export function useLatestTimeline() {
  const viewer = useViewerKey();
  return useInfiniteQuery({
    queryKey: latestQueryKey(viewer),
    queryFn: ({ pageParam, signal }) => getLatestTimeline({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
