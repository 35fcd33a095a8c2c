import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PendingRegistrationsPage, RegistrationDecisionResponse } from '@gundem/contract';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_QUERY_RETRY, ADMIN_ROOT_KEY, adminKeys } from './admin-keys';

export const REGISTRATIONS_PAGE_SIZE = 20;

/** GET /api/admin/registrations?limit&cursor (staff): accounts waiting for approval, newest first. */
export function getPendingRegistrations(cursor: string | undefined, signal?: AbortSignal): Promise<PendingRegistrationsPage> {
  return apiClient.get<PendingRegistrationsPage>('/admin/registrations', { query: { limit: REGISTRATIONS_PAGE_SIZE, cursor }, signal });
}

export function usePendingRegistrations() {
  return useInfiniteQuery({
    queryKey: adminKeys.registrations(),
    queryFn: ({ pageParam, signal }) => getPendingRegistrations(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: ADMIN_QUERY_RETRY,
  });
}

/** POST /api/admin/registrations/:id/approve or /reject; every back-office list is stale afterwards (the users list, the dashboard). */
export function useDecideRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, approve }: { userId: string; approve: boolean }) =>
      apiClient.post<RegistrationDecisionResponse>(`/admin/registrations/${encodeURIComponent(userId)}/${approve ? 'approve' : 'reject'}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY }),
  });
}
