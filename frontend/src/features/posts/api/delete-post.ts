import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletePostResponse } from '@gundem/contract';
import { ApiError, apiClient } from '../../../lib/api-client';
import { useAuth, useViewerKey } from '../../../lib/auth';
import { PROFILE_QUERY_ROOT } from '../../../lib/profile-key';
import { entityId, type User } from '../../../lib/types';
import { WRITE_MUTATION_KEY } from '../../../lib/idempotent-write';
import { countsFrom, withCounts } from '../post-model';
import { removePendingPost } from './new-posts';
import { patchPostEverywhere, removePostEverywhere } from './post-cache';

/**
 * DELETE /api/posts/:id — the viewer's own post or reply. A 404 means it is gone already (a
 * retry after a lost answer, or staff were quicker): the same outcome, so it is no error.
 */
export async function deletePost(postId: string): Promise<DeletePostResponse | null> {
  try {
    return await apiClient.delete<DeletePostResponse>(`/posts/${encodeURIComponent(postId)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * Deletes the post and, once the server has (docs/product.md#states), takes it out of every
 * cached list, reply list and the new-posts pill; an open page of the post refetches and shows
 * that it is gone. A deleted reply sets its original's counts from the server's absolute `parent`.
 * Retried like the other safe writes: a repeat finds nothing and answers 404, read as done.
 */
export function useDeletePost(
  /**
   * Called once the server has deleted it, before the post leaves the caches: the card that asked
   * may be gone right after (a call's own onSuccess is then never called), and a page of the post
   * can leave before it would show that the post is gone.
   */
  onDeleted?: (postId: string) => void,
) {
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  const viewerId = entityId(useAuth().user);
  return useMutation({
    mutationKey: [...WRITE_MUTATION_KEY, 'delete-post'],
    mutationFn: deletePost,
    onSuccess: (result, postId) => {
      onDeleted?.(postId);
      removePostEverywhere(queryClient, postId);
      // The author's profile (the viewer's own: one deletes only one's own posts) counts one less;
      // after a 404 nothing is known of the count, so it is read again.
      if (result) {
        queryClient.setQueriesData<User>({ queryKey: [PROFILE_QUERY_ROOT] }, (user) =>
          user && entityId(user) === viewerId && typeof user.postsCount === 'number' ? { ...user, postsCount: Math.max(0, user.postsCount - 1) } : user,
        );
      } else {
        void queryClient.invalidateQueries({ queryKey: [PROFILE_QUERY_ROOT] });
      }
      removePendingPost(queryClient, viewer, postId);
      const parent = result?.parent;
      if (parent) patchPostEverywhere(queryClient, parent.postId, (post) => withCounts(post, countsFrom(parent)));
    },
  });
}
