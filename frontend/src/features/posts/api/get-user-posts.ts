import { useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useViewerKey } from '../../../lib/auth';
import type { PostsPage } from '../../../lib/types';
import { toPostsPage } from './get-timeline';
import { POSTS_ROOT_KEY } from './post-cache';

export const userPostsQueryKey = (username: string, viewer: string) =>
  [...POSTS_ROOT_KEY, 'user', username, viewer] as const;

/** GET /api/posts/user/:username */
export async function getUserPosts({
  username,
  cursor,
  signal,
}: {
  username: string;
  cursor?: string;
  signal?: AbortSignal;
}): Promise<PostsPage> {
  const data = await apiClient.get<PostsPage>(`/posts/user/${encodeURIComponent(username)}`, {
    query: { cursor },
    signal,
  });
  return toPostsPage(data);
}

export function useUserPosts(username: string) {
  const viewer = useViewerKey();
  return useInfiniteQuery({
    queryKey: userPostsQueryKey(username, viewer),
    queryFn: ({ pageParam, signal }) => getUserPosts({ username, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: username.length > 0,
  });
}
