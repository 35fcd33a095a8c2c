// The member's notices of staff actions and their appeals (docs/wire-contract.md#notices-and-appeals).
import type { Appeal, AppealResponse, ModerationNoticesResponse } from '@gundem/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useViewerKey } from '../../../lib/auth';

export const noticesKey = (viewer: string) => ['moderation', 'notices', viewer] as const;

/** The signed-in member's notices. */
export function useNotices() {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: noticesKey(viewer),
    queryFn: ({ signal }) => apiClient.get<ModerationNoticesResponse>('/moderation/notices', { signal }),
  });
}

export async function sendAppeal(actionId: string, text: string): Promise<Appeal> {
  return (await apiClient.post<AppealResponse>(`/moderation/notices/${actionId}/appeal`, { text })).appeal;
}

/** A suspended member's notices, by the token of their refused login (no session). */
export function useSuspensionNotices(token: string) {
  return useQuery({
    queryKey: ['moderation', 'suspension-notices', token],
    queryFn: () => apiClient.post<ModerationNoticesResponse>('/moderation/suspension/notices', { token }),
  });
}

export async function sendSuspensionAppeal(token: string, actionId: string, text: string): Promise<Appeal> {
  return (await apiClient.post<AppealResponse>('/moderation/suspension/appeal', { token, actionId, text })).appeal;
}
