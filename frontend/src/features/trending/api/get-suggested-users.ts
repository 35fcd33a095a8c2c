import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useViewerKey } from '../../../lib/auth';
import type { User } from '../../../lib/types';
import type { TrendingUsersResponse } from '@gundem/contract';

export const SUGGESTED_USERS_LIMIT = 3;

/** An account the widget shows: one the server sent, or a hard-coded one with fewer fields. */
export type Suggestion = Pick<User, 'username' | 'displayName' | 'isVerified'> &
  Partial<Pick<User, '_id' | 'id' | 'bio' | 'isFollowing' | 'profileImage' | 'protected' | 'followRequested'>>;

/**
 * Shown when the call fails (docs/product.md#calls): a silent fallback to hard-coded accounts,
 * loaded then, not with the first page (locales/tr-samples.ts).
 */
async function fallbackUsers(): Promise<readonly Suggestion[]> {
  return (await import('../../../locales/tr-samples')).samples.accounts.slice(0, SUGGESTED_USERS_LIMIT);
}

export const suggestedUsersQueryKey = (viewer: string) =>
  ['trending', 'users', SUGGESTED_USERS_LIMIT, viewer] as const;

/** GET /api/trending/users?limit= (bearer when signed in); throws when the call fails. */
export async function fetchSuggestedUsers(limit: number, signal?: AbortSignal): Promise<User[]> {
  const data = await apiClient.get<TrendingUsersResponse>('/trending/users', {
    query: { limit },
    signal,
  });
  if (!Array.isArray(data?.users)) throw new Error('Beklenmeyen öneri yanıtı');
  return data.users;
}

/** GET /api/trending/users?limit=3 (bearer when signed in); any failure gives the fallback. */
export async function getSuggestedUsers(signal?: AbortSignal): Promise<readonly Suggestion[]> {
  try {
    return await fetchSuggestedUsers(SUGGESTED_USERS_LIMIT, signal);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return fallbackUsers();
  }
}

/** `enabled: false` holds the request (the query stays pending). */
export function useSuggestedUsers(enabled = true) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: suggestedUsersQueryKey(viewer),
    queryFn: ({ signal }) => getSuggestedUsers(signal),
    staleTime: 5 * 60_000,
    enabled,
  });
}
