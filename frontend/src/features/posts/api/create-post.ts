import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useAuth, useViewerKey } from '../../../lib/auth';
import { idempotencyKeyFor, WRITE_MUTATION_KEY } from '../../../lib/idempotent-write';
import type { CreatePostResponse } from '@gundem/contract';
import { countsFrom, quoteCountOf, replyCountOf, withCounts, withQuoteCount, withReplyCount } from '../post-model';
import { quotesQueryKey } from './quotes';
import { postQueryKey } from './get-post';
import { followingQueryKey } from '../../../lib/follow-keys';
import { timelineQueryKey } from './get-timeline';
import { appendReply, patchPostEverywhere, POSTS_ROOT_KEY, prependToList, userPostsQueryKey } from './post-cache';

export interface CreatePostInput {
  /** May be empty when `mediaIds` is not. */
  content: string;
  replyToId?: string;
  /** The uploaded images (POST /api/media), in the author's order (issue 24). */
  mediaIds?: string[];
  /** `Hassas içerik`: the images are shown blurred until revealed. */
  sensitive?: boolean;
  /** A quote (issue 27): the quoted post, shown as a card in this one. */
  quoteOfId?: string;
}

/** The post and, for a reply, the original's absolute counts after it. */
export type CreatedPost = CreatePostResponse;

/**
 * POST /api/posts — a post or, with `replyToId`, a reply (then with its original's counts).
 * With `idempotencyKey`, sending it again answers the first post instead of a second one.
 */
export async function createPost(input: CreatePostInput, idempotencyKey?: string): Promise<CreatedPost> {
  return apiClient.post<CreatedPost>('/posts', input, {
    headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
  });
}

/**
 * Creates a post and shows it without a refetch (docs/product.md#states): first in the home feed and in the
 * author's own list; a reply also counts on its original and joins the original's page.
 */
export function useCreatePost() {
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  const { user } = useAuth();
  return useMutation({
    mutationKey: [...WRITE_MUTATION_KEY, 'create-post'],
    // One key per submit, the same on this mutation's own retries (see idempotencyKeyFor).
    mutationFn: (input: CreatePostInput) => createPost(input, idempotencyKeyFor(input)),
    onSuccess: ({ post, parent, quoted }, { replyToId, quoteOfId }) => {
      if (!post) return;
      prependToList(queryClient, timelineQueryKey(viewer), post);
      // One's own posts are in `Takip edilenler` and `Son` too (the latter's key: get-latest-timeline.ts, a chunk of its own).
      prependToList(queryClient, followingQueryKey(viewer), post);
      prependToList(queryClient, [...POSTS_ROOT_KEY, 'latest', viewer], post);
      if (user?.username) {
        prependToList(queryClient, userPostsQueryKey(user.username, viewer), post, { belowPinned: true });
        if (replyToId) {
          prependToList(queryClient, userPostsQueryKey(user.username, viewer, 'replies'), post);
        }
      }
      if (replyToId) {
        // Absolute when the server sent it: a live post:engagement may have counted the reply already.
        patchPostEverywhere(queryClient, replyToId, (original) =>
          withReplyCount(original, parent ? parent.replyCount : replyCountOf(original) + 1),
        );
        appendReply(queryClient, postQueryKey(replyToId, viewer), post);
      }
      // A quote counts on its quoted post at once: the server's absolute counts with their version (a
      // post:engagement that came first is not counted twice), or one more from an older server.
      if (quoteOfId) {
        patchPostEverywhere(queryClient, quoteOfId, (original) =>
          quoted ? withCounts(original, countsFrom(quoted)) : withQuoteCount(original, quoteCountOf(original) + 1),
        );
        void queryClient.invalidateQueries({ queryKey: quotesQueryKey(quoteOfId, viewer) });
      }
    },
  });
}
