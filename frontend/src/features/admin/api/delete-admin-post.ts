import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { entityId } from '../../../lib/types';
import type { AdminPostsPage } from '../types';
import { ADMIN_ROOT_KEY, adminKeys } from './admin-keys';

/** DELETE /api/admin/posts/:id */
export function deleteAdminPost(postId: string): Promise<{ message?: string }> {
  return apiClient.delete<{ message?: string }>(`/admin/posts/${encodeURIComponent(postId)}`);
}

/**
 * On success the row leaves every cached page at once; other admin answers are marked stale. A list
 * request that left before the delete committed (a search typed just before the click) would bring
 * the post back: such requests are cancelled first, and a list that had no rows yet is read again.
 */
export function useDeleteAdminPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => deleteAdminPost(postId),
    onSuccess: async (_data, postId) => {
      await queryClient.cancelQueries({ queryKey: adminKeys.posts() });
      queryClient.setQueriesData<AdminPostsPage>({ queryKey: adminKeys.posts() }, (page) => {
        if (!page) return page;
        const posts = page.posts.filter((post) => entityId(post) !== postId);
        if (posts.length === page.posts.length) return page;
        const total = Math.max(0, page.pagination.total - 1);
        return { ...page, posts, pagination: { ...page.pagination, total } };
      });
      // Not refetched now (the visible page would jump); fetched again on the next visit.
      void queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY, refetchType: 'none' });
      void queryClient.refetchQueries({
        queryKey: adminKeys.posts(),
        type: 'active',
        predicate: (query) => query.state.data === undefined,
      });
    },
  });
}
