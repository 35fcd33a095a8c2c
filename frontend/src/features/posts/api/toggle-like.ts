import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { likeCountOf, withLike } from '../post-model';
import { patchPostEverywhere } from './post-cache';

/** The like toggle's answer, in both of SPEC.md's forms. */
export interface LikeResult {
  liked?: boolean;
  likesCount?: number;
  isLiked?: boolean;
  likes?: number;
}

/** POST /api/posts/:id/like — likes, or unlikes when already liked. */
export function toggleLike(postId: string): Promise<LikeResult> {
  return apiClient.post<LikeResult>(`/posts/${encodeURIComponent(postId)}/like`);
}

/** Toggles a like and writes the server's state and count into every cached copy of the post. */
export function useToggleLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleLike,
    onSuccess: (result, postId) => {
      patchPostEverywhere(queryClient, postId, (post) =>
        withLike(
          post,
          Boolean(result?.liked ?? result?.isLiked),
          result?.likesCount ?? result?.likes ?? likeCountOf(post),
        ),
      );
    },
    // SPEC.md 8: logged, no visible text.
    onError: (error) => console.error('Beğeni işlemi başarısız oldu', error),
  });
}
