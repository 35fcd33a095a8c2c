import { useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useViewerKey } from '../../../lib/auth';
import type { Post } from '../../../lib/types';
import { POSTS_ROOT_KEY } from './post-cache';

export interface PostThreadPage {
  post: Post;
  replies: Post[];
  /** The posts above it in its thread, root first (the first page's; later pages have none). */
  ancestors?: Post[];
  nextCursor: string | null;
}

export const postQueryKey = (postId: string, viewer: string) =>
  [...POSTS_ROOT_KEY, 'detail', postId, viewer] as const;

/** GET /api/posts/:id — the post, a page of its replies (oldest first) and its ancestors. */
export async function getPost({
  postId,
  cursor,
  signal,
}: {
  postId: string;
  cursor?: string;
  signal?: AbortSignal;
}): Promise<PostThreadPage> {
  const data = await apiClient.get<Partial<PostThreadPage>>(
    `/posts/${encodeURIComponent(postId)}`,
    { query: { cursor }, signal },
  );
  if (!data?.post) throw new Error('Post missing from the answer');
  return {
    post: data.post,
    replies: data.replies ?? [],
    ancestors: data.ancestors ?? [],
    nextCursor: data.nextCursor ?? null,
  };
}

/** The post and its replies; further pages only add replies. */
export function usePostThread(postId: string) {
  const viewer = useViewerKey();
  return useInfiniteQuery({
    queryKey: postQueryKey(postId, viewer),
    queryFn: ({ pageParam, signal }) => getPost({ postId, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: postId.length > 0,
  });
}
