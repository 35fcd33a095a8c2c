import { useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useViewerKey } from '../../../lib/auth';
import type { PostsPage } from '../../../lib/types';
import { POSTS_ROOT_KEY } from './post-cache';

export const TIMELINE_PAGE_SIZE = 20;

export const timelineQueryKey = (viewer: string) =>
  [...POSTS_ROOT_KEY, 'timeline', viewer] as const;

/** Normalises a list answer: a missing list or cursor means an empty, last page. */
export function toPostsPage(data: Partial<PostsPage> | null | undefined): PostsPage {
  return { posts: data?.posts ?? [], nextCursor: data?.nextCursor ?? null };
}

/** GET /api/posts/timeline — the bearer goes along only when a token exists (api-client). */
export async function getTimeline({
  cursor,
  signal,
}: { cursor?: string; signal?: AbortSignal } = {}): Promise<PostsPage> {
  const data = await apiClient.get<PostsPage>('/posts/timeline', {
    query: { limit: TIMELINE_PAGE_SIZE, cursor },
    signal,
  });
  return toPostsPage(data);
}

export function useTimeline() {
  const viewer = useViewerKey();
  return useInfiniteQuery({
    queryKey: timelineQueryKey(viewer),
    queryFn: ({ pageParam, signal }) => getTimeline({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
