import { useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useViewerKey } from '../../../lib/auth';
import type { PostsPage } from '../../../lib/types';
import { toPostsPage } from './get-timeline';
import { POSTS_ROOT_KEY } from './post-cache';

/**
 * A member's lists, one per profile tab (docs/wire-contract.md#posts): `posts` their posts and
 * replies, `replies` their replies only, `likes` the posts they liked (newest like first).
 */
export type UserPostList = 'posts' | 'replies' | 'media' | 'likes';

/** The list last, so a member's `posts` key is not a prefix of their other lists' keys. */
export const userPostsQueryKey = (username: string, viewer: string, list: UserPostList = 'posts') =>
  [...POSTS_ROOT_KEY, 'user', username, viewer, list] as const;

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
