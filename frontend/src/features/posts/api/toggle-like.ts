import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LikeResponse } from '@gundem/contract';
import { apiClient } from '../../../lib/api-client';
import { useAuth, useViewerKey } from '../../../lib/auth';
import { WRITE_MUTATION_KEY } from '../../../lib/idempotent-write';
import { withLike } from '../post-model';
import { cancelPageLoads, patchPostEverywhere, userPostsQueryKey } from './post-cache';

/** The like toggle's answer (the server sends both of docs/product.md's forms; the home form is read). */
export type LikeResult = LikeResponse;

export interface SetLikeInput {
  postId: string;
  /** The state the viewer asked for: the opposite of what the card showed. */
  liked: boolean;
}

/**
 * PUT /api/posts/:id/like (liked) or DELETE (not liked). The state asked for rather than the
 * toggle (POST): a request sent again, by this mutation's retry or a double click, cannot undo
 * itself.
 */
export function setLike({ postId, liked }: SetLikeInput): Promise<LikeResult> {
  const path = `/posts/${encodeURIComponent(postId)}/like`;
  return liked ? apiClient.put<LikeResult>(path) : apiClient.delete<LikeResult>(path);
}

/**
 * Likes or unlikes and writes the server's state and count into every cached copy of the post.
 * The member's own Beğeniler list is marked stale, not refetched: it is read again the next time
 * it shows (an unliked post stays on an open list until then, as on X).
 */
export function useToggleLike() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const viewer = useViewerKey();
  return useMutation({
    mutationKey: [...WRITE_MUTATION_KEY, 'like'],
    mutationFn: setLike,
    onSuccess: (result, { postId }) => {
      // A page load under way would write back the card as it was (cancelPageLoads).
      cancelPageLoads(queryClient);
      patchPostEverywhere(queryClient, postId, (post) =>
        withLike(post, result.liked, result.likesCount, result.version),
      );
      if (user?.username) {
        const likes = userPostsQueryKey(user.username, viewer, 'likes');
        void queryClient.invalidateQueries({ queryKey: likes, refetchType: 'none' });
      }
    },
    // docs/product.md#error-texts: logged, no visible text.
    onError: (error) => console.error('Beğeni işlemi başarısız oldu', error),
  });
}
