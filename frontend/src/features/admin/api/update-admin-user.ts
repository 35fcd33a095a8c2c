import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { entityId, type User } from '../../../lib/types';
import type { UserPatch } from '../types';
import { applyToAdminList } from './admin-list';

interface UpdateUserResponse {
  message?: string;
  user?: User;
}

/** PATCH /api/admin/users/:id with exactly one field. */
export function updateAdminUser(userId: string, patch: UserPatch): Promise<UpdateUserResponse> {
  return apiClient.patch<UpdateUserResponse>(`/admin/users/${encodeURIComponent(userId)}`, patch);
}

/**
 * Nothing changes on screen before the server agrees (docs/product.md#states): the cached rows are
 * patched in onSuccess, which runs before `mutateAsync` resolves, so callers can alert after the
 * change (see applyToAdminList for the searches in flight).
 */
export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, patch }: { userId: string; patch: UserPatch }) =>
      updateAdminUser(userId, patch),
    onSuccess: (_data, { userId, patch }) =>
      applyToAdminList<'users', User>(queryClient, 'users', (page) => ({
        ...page,
        users: page.users.map((user) => (entityId(user) === userId ? { ...user, ...patch } : user)),
      })),
  });
}
