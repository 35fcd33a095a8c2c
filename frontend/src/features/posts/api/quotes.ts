import type { QuotePolicyState } from '@gundem/contract';
import type { PostsPage } from '../../../lib/types';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useViewerKey } from '../../../lib/auth';
import { toPostsPage } from './get-timeline';
import { patchPostEverywhere, POSTS_ROOT_KEY } from './post-cache';

/** Under the posts' root key, so a like, a deletion or a block seen elsewhere patches it too (post-cache.ts). */
export const quotesQueryKey = (postId: string, viewer: string) => [...POSTS_ROOT_KEY, 'quotes', postId.toLowerCase(), viewer] as const;

/** `Alıntılar` (issue 27): the post's quotes, newest first, a page at a time. */
export function useQuotes(postId: string) {
  const viewer = useViewerKey();
  return useInfiniteQuery({
    queryKey: quotesQueryKey(postId, viewer),
    queryFn: async ({ pageParam, signal }) => toPostsPage(await apiClient.get<PostsPage>(`/posts/${postId}/quotes`, { query: { cursor: pageParam }, signal })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The author's quote policy of their post (PUT, idempotent): every copy of the post shows it at once. */
export function useSetQuotable(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quotable: boolean) => apiClient.put<QuotePolicyState>(`/posts/${postId}/quotable`, { quotable }),
    onSuccess: ({ quotable }) => {
      patchPostEverywhere(queryClient, postId, (post) => ({ ...post, quotable }));
      // Quotes of it show their card again, or no longer: read on their next showing.
      void queryClient.invalidateQueries({ queryKey: POSTS_ROOT_KEY, refetchType: 'none' });
    },
  });
}
