import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RuleInput, RulesSavedResponse, ServerRule } from '@gundem/contract';
import { apiClient } from '../../../lib/api-client';
import { serverRulesKey } from '../../../lib/server-rules';

/** PUT /api/admin/rules with the whole list, in order (kept rules with their id). */
export async function saveServerRules(rules: RuleInput[]): Promise<ServerRule[]> {
  const data = await apiClient.put<RulesSavedResponse>('/admin/rules', { rules });
  return data.rules;
}

/** The saved list replaces the cached one (the /kurallar page shows it at once). */
export function useSaveServerRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveServerRules,
    onSuccess: (rules) => queryClient.setQueryData(serverRulesKey, rules),
  });
}
