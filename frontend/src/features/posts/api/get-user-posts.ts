import { useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useViewerKey } from '../../../lib/auth';
import type { PostsPage } from '../../../lib/types';
import { toPostsPage } from './get-timeline';
import { type UserPostList, userPostsQueryKey } from './post-cache';

/** GET /api/posts/user/:username, …/replies, …/likes */
export async function getUserPosts({
  username,
  list = 'posts',
  cursor,
  signal,
}: {
  username: string;
  list?: UserPostList;
  cursor?: string;
  signal?: AbortSignal;
}): Promise<PostsPage> {
  const path = `/posts/user/${encodeURIComponent(username)}${list === 'posts' ? '' : `/${list}`}`;
  const data = await apiClient.get<PostsPage>(path, { query: { cursor }, signal });
  return toPostsPage(data);
}

export function useUserPosts(username: string, list: UserPostList = 'posts') {
  const viewer = useViewerKey();
  return useInfiniteQuery({
    queryKey: userPostsQueryKey(username, viewer, list),
    queryFn: ({ pageParam, signal }) => getUserPosts({ username, list, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: username.length > 0,
  });
}
