import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { AdminSettings } from '../types';
import { ADMIN_QUERY_RETRY, adminKeys } from './admin-keys';

/** SPEC.md 9: the defaults the read-only fields show when the server leaves a value out. */
export const SETTINGS_DEFAULTS: AdminSettings = {
  siteName: 'gündem',
  registrationEnabled: true,
  emailVerificationRequired: false,
  maintenanceMode: false,
  maxTweetLength: 280,
  allowedFileTypes: [],
  maxFileSize: 5 * 1024 * 1024,
  rateLimit: { windowMs: 15 * 60 * 1000, maxRequests: 100 },
};

/** Fills what a partial answer leaves out, keeping any extra field the server sent. */
export function toSettings(raw: Partial<AdminSettings> | null | undefined): AdminSettings {
  return {
    ...SETTINGS_DEFAULTS,
    ...raw,
    allowedFileTypes: Array.isArray(raw?.allowedFileTypes) ? raw.allowedFileTypes : [],
    rateLimit: { ...SETTINGS_DEFAULTS.rateLimit, ...raw?.rateLimit },
  };
}

interface SettingsResponse {
  message?: string;
  settings?: Partial<AdminSettings>;
}

/** GET /api/admin/settings */
export async function getAdminSettings(signal?: AbortSignal): Promise<AdminSettings> {
  const data = await apiClient.get<SettingsResponse>('/admin/settings', { signal });
  return toSettings(data?.settings);
}

/** PATCH /api/admin/settings with the whole settings object. */
export async function saveAdminSettings(settings: AdminSettings): Promise<AdminSettings> {
  const data = await apiClient.patch<SettingsResponse>('/admin/settings', settings);
  return data?.settings ? toSettings(data.settings) : settings;
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
