// Staff's account actions and the appeals queue (docs/wire-contract.md#account-actions).
import type {
  AccountAction,
  AccountActionResponse,
  AccountActionsPage,
  AppealDecisionResponse,
  AppealQueue,
  CreateAccountActionRequest,
} from '@gundem/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_QUERY_RETRY, ADMIN_ROOT_KEY, adminKeys } from './admin-keys';

const actionsKey = (userId: string) => [...ADMIN_ROOT_KEY, 'user-actions', userId] as const;
const appealsKey = () => [...ADMIN_ROOT_KEY, 'appeals'] as const;

/** GET /api/admin/users/:id/actions: the account's history, newest first. */
export function useAccountActions(userId: string) {
  return useQuery({
    queryKey: actionsKey(userId),
    queryFn: ({ signal }) => apiClient.get<AccountActionsPage>(`/admin/users/${encodeURIComponent(userId)}/actions`, { signal }),
    retry: ADMIN_QUERY_RETRY,
  });
}

/** After an action or an undo: the history, the users list (a suspension changes the row) and the appeals are read again. */
function useRefresh(userId?: string) {
  const queryClient = useQueryClient();
  return () => {
    if (userId) void queryClient.invalidateQueries({ queryKey: actionsKey(userId) });
    void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
    void queryClient.invalidateQueries({ queryKey: appealsKey() });
  };
}

export function useCreateAccountAction(userId: string) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: (request: CreateAccountActionRequest) =>
      apiClient.post<AccountActionResponse>(`/admin/users/${encodeURIComponent(userId)}/actions`, request),
    onSuccess: refresh,
  });
}

export function useUndoAccountAction(userId: string) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: (action: Pick<AccountAction, 'id'>) => apiClient.post<AccountActionResponse>(`/admin/actions/${encodeURIComponent(action.id)}/undo`),
    onSuccess: refresh,
  });
}

/** GET /api/admin/appeals: pending, oldest first. */
export function useAppealQueue() {
  return useQuery({
    queryKey: appealsKey(),
    queryFn: ({ signal }) => apiClient.get<AppealQueue>('/admin/appeals', { signal }),
    retry: ADMIN_QUERY_RETRY,
  });
}

export function useDecideAppeal() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, accept, reply }: { id: string; accept: boolean; reply: string }) =>
      apiClient.post<AppealDecisionResponse>(`/admin/appeals/${encodeURIComponent(id)}/${accept ? 'accept' : 'reject'}`, reply.trim() ? { reply } : {}),
    onSuccess: refresh,
  });
}
