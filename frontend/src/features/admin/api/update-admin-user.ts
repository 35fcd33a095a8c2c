import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { entityId, type User } from '../../../lib/types';
import type { AdminUsersPage, UserPatch } from '../types';
import { adminKeys } from './admin-keys';

interface UpdateUserResponse {
  message?: string;
  user?: User;
}

/** PATCH /api/admin/users/:id with exactly one field. */
export function updateAdminUser(userId: string, patch: UserPatch): Promise<UpdateUserResponse> {
  return apiClient.patch<UpdateUserResponse>(`/admin/users/${encodeURIComponent(userId)}`, patch);
}

/**
 * Nothing changes on screen before the server agrees (docs/product.md#states): the cached rows are patched in
 * onSuccess, which runs before `mutateAsync` resolves, so callers can alert after the change. A list
 * request that left before the change committed (a search typed just before the click) would answer
 * the old row over the patched one: such requests are cancelled first, and the lists read again.
 */
export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, patch }: { userId: string; patch: UserPatch }) =>
      updateAdminUser(userId, patch),
    onSuccess: async (_data, { userId, patch }) => {
      // A first fetch in flight is not restarted by an invalidation (it has no data yet): cancel it.
      await queryClient.cancelQueries({ queryKey: adminKeys.users() });
      queryClient.setQueriesData<AdminUsersPage>({ queryKey: adminKeys.users() }, (page) =>
        page
          ? {
              ...page,
              users: page.users.map((user) =>
                entityId(user) === userId ? { ...user, ...patch } : user,
              ),
            }
          : page,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
      // The dashboard counts (verified, active, admins) are now out of date.
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard(), refetchType: 'none' });
    },
  });
}
