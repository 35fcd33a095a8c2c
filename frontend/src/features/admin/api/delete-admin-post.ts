import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { entityId, type Post } from '../../../lib/types';
import { applyToAdminList } from './admin-list';

/** DELETE /api/admin/posts/:id */
export function deleteAdminPost(postId: string): Promise<{ message?: string }> {
  return apiClient.delete<{ message?: string }>(`/admin/posts/${encodeURIComponent(postId)}`);
}

/** On success the row leaves every cached page at once (see applyToAdminList); a deleted post cannot come back. */
export function useDeleteAdminPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => deleteAdminPost(postId),
    onSuccess: (_data, postId) =>
      applyToAdminList<'posts', Post>(queryClient, 'posts', (page) => {
        const posts = page.posts.filter((post) => entityId(post) !== postId);
        if (posts.length === page.posts.length) return page;
        const total = Math.max(0, page.pagination.total - 1);
        return { ...page, posts, pagination: { ...page.pagination, total } };
      }),
  });
}
