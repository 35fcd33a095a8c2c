import { useQuery } from '@tanstack/react-query';
import type { RulesResponse, ServerRule } from '@gundem/contract';
import { apiClient } from './api-client';

/** The server rules' one query (the /kurallar page, the back office's editor), updated in place by a save. */
export const serverRulesKey = ['rules'] as const;

/** GET /api/rules (guests too): the rules in order. */
export async function getServerRules(signal?: AbortSignal): Promise<ServerRule[]> {
  const data = await apiClient.get<RulesResponse>('/rules', { signal });
  return data.rules;
}

export function useServerRules() {
  return useQuery({ queryKey: serverRulesKey, queryFn: ({ signal }) => getServerRules(signal), retry: false });
}
