import type { PinState } from '@gundem/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import type { Post } from '../../../lib/types';
import { isOwnPost } from '../hooks/use-live-posts';
import { postIdOf } from '../post-model';
import { patchEveryPost, POSTS_ROOT_KEY } from './post-cache';

/**
 * The cached `Gönderiler` lists of `username`'s profile (userPostsQueryKey's `posts`, for every
 * viewer key and any spelling of the name in the address): read again after a pin, so the pinned
 * post moves to the top and the one it replaced back to its place.
 */
export function invalidateProfilePosts(queryClient: QueryClient, username: string): Promise<void> {
  const name = username.toLowerCase();
  return queryClient.invalidateQueries({
    queryKey: [...POSTS_ROOT_KEY, 'user'],
    predicate: (query) => String(query.queryKey[2]).toLowerCase() === name && query.queryKey[4] === 'posts',
  });
}

/**
 * `Profile sabitle` / `Sabitlemeyi kaldır` (issue 27): PUT or DELETE /api/posts/:id/pin, both
 * idempotent. On success every cached copy of the post shows its new `isPinned` (and, on a pin,
 * the member's earlier pinned post its `false`: one pin per member), and the member's profile list
 * is read again.
 */
export function useSetPin(postId: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (pinned: boolean) => (pinned ? apiClient.put<PinState>(`/posts/${postId}/pin`) : apiClient.delete<PinState>(`/posts/${postId}/pin`)),
    onSuccess: ({ pinned }) => {
      patchEveryPost(queryClient, (post: Post) => {
        if (postIdOf(post) === postId) return post.isPinned === pinned ? post : { ...post, isPinned: pinned };
        return pinned && post.isPinned && isOwnPost(post, user) ? { ...post, isPinned: false } : post;
      });
      if (user?.username) void invalidateProfilePosts(queryClient, user.username);
    },
  });
}
