import { useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useViewerKey } from '../../../lib/auth';
import type { PostsPage } from '../../../lib/types';
import { toPostsPage } from './get-timeline';
import { POSTS_ROOT_KEY } from './post-cache';

export const hashtagPostsQueryKey = (tag: string, viewer: string) =>
  [...POSTS_ROOT_KEY, 'hashtag', tag, viewer] as const;

/** GET /api/hashtags/:tag/posts: the posts carrying the tag, newest first. */
export async function getHashtagPosts({
  tag,
  cursor,
  signal,
}: {
  tag: string;
  cursor?: string;
  signal?: AbortSignal;
}): Promise<PostsPage> {
  const data = await apiClient.get<PostsPage>(`/hashtags/${encodeURIComponent(tag)}/posts`, {
    query: { cursor },
    signal,
  });
  return toPostsPage(data);
}

/** The hashtag page's list, a page at a time (the server leaves out what the viewer blocks or mutes). */
export function useHashtagPosts(tag: string) {
  const viewer = useViewerKey();
  return useInfiniteQuery({
    queryKey: hashtagPostsQueryKey(tag, viewer),
    queryFn: ({ pageParam, signal }) => getHashtagPosts({ tag, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: tag.length > 0,
  });
}
