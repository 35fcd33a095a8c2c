// The member's notification choices kept on the server (GET/PUT /api/notifications/preferences):
// today whose mentions notify them. Unlike the local switches of the screen, they follow the
// account to every device and decide what the server writes.
import type { NotificationPreferences } from '@gundem/contract';
import { apiClient } from '../../../lib/api-client';

export const notificationPreferencesKey = (viewer: string) => ['notifications', 'preferences', viewer] as const;

export function fetchNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return apiClient.get<NotificationPreferences>('/notifications/preferences', { signal });
}

export function saveNotificationPreferences(preferences: NotificationPreferences): Promise<NotificationPreferences> {
  return apiClient.put<NotificationPreferences>('/notifications/preferences', preferences);
}
