import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useViewerKey } from '../../../lib/auth';
import type { User } from '../../../lib/types';
import { MESSAGES_ROOT_KEY } from './get-conversations';

/** GET /api/users/profile/:username — who a new conversation is with. */
export async function getMember(username: string, signal?: AbortSignal): Promise<User> {
  const data = await apiClient.get<{ user: User }>(
    `/users/profile/${encodeURIComponent(username)}`,
    { signal },
  );
  if (!data?.user) throw new Error('User missing from the answer');
  return data.user;
}

export function useMember(username: string, enabled: boolean) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: [...MESSAGES_ROOT_KEY, 'member', username, viewer],
    queryFn: ({ signal }) => getMember(username, signal),
    enabled: enabled && username.length > 0,
  });
}
