import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { SettingsResponse, SettingsSavedResponse } from '@gundem/contract';
import type { AdminSettings } from '../types';
import { ADMIN_QUERY_RETRY, adminKeys } from './admin-keys';

/** GET /api/admin/settings */
export async function getAdminSettings(signal?: AbortSignal): Promise<AdminSettings> {
  const data = await apiClient.get<SettingsResponse>('/admin/settings', { signal });
  return data.settings;
}

/** PATCH /api/admin/settings with the whole settings object. */
export async function saveAdminSettings(settings: AdminSettings): Promise<AdminSettings> {
  const data = await apiClient.patch<SettingsSavedResponse>('/admin/settings', settings);
  return data.settings;
}

export function useAdminSettings() {
  return useQuery({
    queryKey: adminKeys.settings(),
    queryFn: ({ signal }) => getAdminSettings(signal),
    retry: ADMIN_QUERY_RETRY,
  });
}

export function useSaveAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAdminSettings,
    onSuccess: (settings) => queryClient.setQueryData(adminKeys.settings(), settings),
  });
}
