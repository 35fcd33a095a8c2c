import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { repostCountOf, withRepost } from '../post-model';
import { patchPostEverywhere } from './post-cache';

/** The repost toggle's answer, in both of SPEC.md's forms. */
export interface RepostResult {
  retweeted?: boolean;
  retweetsCount?: number;
  isRetweeted?: boolean;
  retweets?: number;
}

/** POST /api/posts/:id/retweet — reposts, or takes the repost back. */
export function toggleRepost(postId: string): Promise<RepostResult> {
  return apiClient.post<RepostResult>(`/posts/${encodeURIComponent(postId)}/retweet`);
}

/** Toggles a repost and writes the server's state and count into every cached copy. */
export function useToggleRepost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleRepost,
    onSuccess: (result, postId) => {
      patchPostEverywhere(queryClient, postId, (post) =>
        withRepost(
          post,
          Boolean(result?.retweeted ?? result?.isRetweeted),
          result?.retweetsCount ?? result?.retweets ?? repostCountOf(post),
        ),
      );
    },
    // SPEC.md 8: logged, no visible text.
    onError: (error) => console.error('Yeniden paylaşım başarısız oldu', error),
  });
}
