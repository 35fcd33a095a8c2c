import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { entityId, type Post } from '../../../lib/types';
import { applyToAdminList } from './admin-list';

/** What the author's `Gönderiniz kaldırıldı` notice says: the reason (a standard one when empty) and the rule. */
export interface PostRemoval {
  reason?: string;
  ruleId?: string;
}

/** DELETE /api/admin/posts/:id, with the removal notice's reason and rule when given. */
export function deleteAdminPost(postId: string, removal: PostRemoval = {}): Promise<{ message?: string }> {
  const body = { ...(removal.reason?.trim() && { reason: removal.reason.trim() }), ...(removal.ruleId && { ruleId: removal.ruleId }) };
  return apiClient.delete<{ message?: string }>(`/admin/posts/${encodeURIComponent(postId)}`, Object.keys(body).length ? { body } : {});
}

/** On success the row leaves every cached page at once (see applyToAdminList); a deleted post cannot come back. */
export function useDeleteAdminPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, removal }: { postId: string; removal?: PostRemoval }) => deleteAdminPost(postId, removal),
    onSuccess: (_data, { postId }) =>
      applyToAdminList<'posts', Post>(queryClient, 'posts', (page) => {
        const posts = page.posts.filter((post) => entityId(post) !== postId);
        if (posts.length === page.posts.length) return page;
        const total = Math.max(0, page.pagination.total - 1);
        return { ...page, posts, pagination: { ...page.pagination, total } };
      }),
  });
}
