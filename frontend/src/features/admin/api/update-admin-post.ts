import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdatePostResponse } from '@gundem/contract';
import { apiClient } from '../../../lib/api-client';
import { entityId, type Post } from '../../../lib/types';
import { applyToAdminList } from './admin-list';

/** PATCH /api/admin/posts/:id: staff set or clear the post's `sensitive` mark. */
export function setAdminPostSensitive(postId: string, sensitive: boolean): Promise<UpdatePostResponse> {
  return apiClient.patch<UpdatePostResponse>(`/admin/posts/${encodeURIComponent(postId)}`, { sensitive });
}

/**
 * As the user edits: nothing changes on screen before the server agrees; then the row's mark
 * changes on every cached page (applyToAdminList), before `mutateAsync` resolves.
 */
export function useSetAdminPostSensitive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, sensitive }: { postId: string; sensitive: boolean }) =>
      setAdminPostSensitive(postId, sensitive),
    onSuccess: (_data, { postId, sensitive }) =>
      applyToAdminList<'posts', Post>(queryClient, 'posts', (page) => ({
        ...page,
        posts: page.posts.map((post) => (entityId(post) === postId ? { ...post, sensitive } : post)),
      })),
  });
}
