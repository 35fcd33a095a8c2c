import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RepostResponse } from '@gundem/contract';
import { apiClient } from '../../../lib/api-client';
import { WRITE_MUTATION_KEY } from '../../../lib/idempotent-write';
import { withRepost } from '../post-model';
import { cancelPageLoads, patchPostEverywhere } from './post-cache';

/** The repost toggle's answer (the server sends both of docs/product.md's forms; the home form is read). */
export type RepostResult = RepostResponse;

export interface SetRepostInput {
  postId: string;
  /** The state the viewer asked for: the opposite of what the card showed. */
  reposted: boolean;
}

/**
 * PUT /api/posts/:id/retweet (reposted) or DELETE (not). The state asked for rather than the
 * toggle (POST), so a request sent again cannot undo itself.
 */
export function setRepost({ postId, reposted }: SetRepostInput): Promise<RepostResult> {
  const path = `/posts/${encodeURIComponent(postId)}/retweet`;
  return reposted ? apiClient.put<RepostResult>(path) : apiClient.delete<RepostResult>(path);
}

/** Reposts or takes it back and writes the server's state and count into every cached copy. */
export function useToggleRepost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...WRITE_MUTATION_KEY, 'repost'],
    mutationFn: setRepost,
    onSuccess: (result, { postId }) => {
      // A page load under way would write back the card as it was (cancelPageLoads).
      cancelPageLoads(queryClient);
      patchPostEverywhere(queryClient, postId, (post) =>
        withRepost(post, result.retweeted, result.retweetsCount, result.version),
      );
    },
    // docs/product.md#error-texts: logged, no visible text.
    onError: (error) => console.error('Yeniden paylaşım başarısız oldu', error),
  });
}
