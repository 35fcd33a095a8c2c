import type { BookmarkState } from '@gundem/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useAuth, useViewerKey } from '../../../lib/auth';
import type { PostsPage } from '../../../lib/types';
import { toPostsPage } from './get-timeline';
import { POSTS_ROOT_KEY } from './post-cache';

/** Under the posts' root key, so a like, a deletion or a block seen elsewhere patches it too (post-cache.ts). */
export const bookmarksQueryKey = (viewer: string) => [...POSTS_ROOT_KEY, 'bookmarks', viewer] as const;

/** The `⋯` menu's state of one post, asked for when the menu opens. */
export const bookmarkStateKey = (viewer: string, postId: string) => ['bookmark', viewer, postId] as const;

/** GET /api/bookmarks: the member's bookmarks, newest bookmark first. */
export async function getBookmarks({ cursor, signal }: { cursor?: string; signal?: AbortSignal } = {}): Promise<PostsPage> {
  return toPostsPage(await apiClient.get<PostsPage>('/bookmarks', { query: { cursor }, signal }));
}

/** `Yer işaretleri`, a page at a time. */
export function useBookmarks() {
  const viewer = useViewerKey();
  const { isAuthenticated } = useAuth();
  return useInfiniteQuery({
    queryKey: bookmarksQueryKey(viewer),
    queryFn: ({ pageParam, signal }) => getBookmarks({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: isAuthenticated,
  });
}

/** Whether the post is bookmarked, read while `enabled` (the menu is open). */
export function useBookmarkState(postId: string, enabled: boolean) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: bookmarkStateKey(viewer, postId),
    queryFn: ({ signal }) => apiClient.get<BookmarkState>(`/posts/${postId}/bookmark`, { signal }),
    enabled,
  });
}

/** Adds or removes a bookmark (PUT or DELETE, both idempotent); the list is read again on its next showing. */
export function useSetBookmark(postId: string) {
  const viewer = useViewerKey();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookmarked: boolean) =>
      bookmarked ? apiClient.put<BookmarkState>(`/posts/${postId}/bookmark`) : apiClient.delete<BookmarkState>(`/posts/${postId}/bookmark`),
    onSuccess: (state) => {
      queryClient.setQueryData(bookmarkStateKey(viewer, postId), state);
      void queryClient.invalidateQueries({ queryKey: bookmarksQueryKey(viewer) });
    },
  });
}
