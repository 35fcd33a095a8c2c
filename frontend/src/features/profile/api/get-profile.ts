import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useViewerKey } from '../../../lib/auth';
import type { User } from '../../../lib/types';

import { profileQueryKey } from '../../../lib/profile-key';

export { profileQueryKey };

/** GET /api/users/profile/:username — with `isFollowing` for the viewer. */
export async function getProfile(username: string, signal?: AbortSignal): Promise<User> {
  const data = await apiClient.get<{ user: User }>(
    `/users/profile/${encodeURIComponent(username)}`,
    { signal },
  );
  if (!data?.user) throw new Error('User missing from the answer');
  return data.user;
}

export function useProfile(username: string) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: profileQueryKey(username, viewer),
    queryFn: ({ signal }) => getProfile(username, signal),
    enabled: username.length > 0,
  });
}
