// PATCH /api/users/me (issue 26): the member's display name, bio, location and website, saved on
// the server. What a saved profile does to the tab's caches is live-profile.tsx's.
import type { MeResponse, ProfileUpdateRequest } from '@gundem/contract';
import { apiClient } from '../../../lib/api-client';

export function updateProfile(changes: ProfileUpdateRequest): Promise<MeResponse> {
  return apiClient.patch<MeResponse>('/users/me', changes);
}
