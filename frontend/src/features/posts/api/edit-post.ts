import { type EditPostRequest, type PostEditedEvent, type PostHistoryPage, postEditedFields } from '@gundem/contract';
import { useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { Post } from '../../../lib/types';
import { patchPostEverywhere } from './post-cache';

/** The fields an edit changes (PostEditedEvent's), as every copy of the post takes them. */
type EditedFields = Omit<PostEditedEvent, 'postId'>;

/**
 * Every cached copy of the post takes the edit's fields, unless it holds a newer edit already
 * (`post:edited` events of two quick edits may cross between nodes): counts, flags and the
 * post's place stay as they are. The post's history is read again on its next showing.
 */
export function applyEdit(queryClient: QueryClient, postId: string, fields: EditedFields): void {
  patchPostEverywhere(queryClient, postId, (post) => {
    if (post.editedAt && Date.parse(post.editedAt) >= Date.parse(fields.editedAt)) return post;
    return { ...post, ...fields };
  });
  void queryClient.invalidateQueries({ queryKey: postHistoryKey(postId) });
}

/** PATCH /api/posts/:id: the author's edit; every list showing the post shows the new version at once. */
export function useEditPost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: EditPostRequest) => apiClient.patch<Post>(`/posts/${postId}`, edit),
    onSuccess: (post) => {
      if (post.isEdited && post.editedAt) applyEdit(queryClient, postId, postEditedFields(post));
    },
  });
}

export const postHistoryKey = (postId: string) => ['post-history', postId.toLowerCase()] as const;

/** `Düzenleme geçmişi`: the post's versions, newest first, a page at a time (read while the dialog is open). */
export function usePostHistory(postId: string) {
  return useInfiniteQuery({
    queryKey: postHistoryKey(postId),
    queryFn: ({ pageParam, signal }) => apiClient.get<PostHistoryPage>(`/posts/${postId}/history`, { query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
