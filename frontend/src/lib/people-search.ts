// Finding people (docs/wire-contract.md#users): explore's people results and the messages
// screen's picker both ask GET /api/users/search, so the call lives here, below both features.
import {
  USER_SEARCH_DEFAULT_LIMIT,
  type UserSearchResponse,
  type UserSearchResult,
} from '@gundem/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { useViewerKey } from './auth';

export type { UserSearchResult };

/** Turkish letters folded the way the server folds names: `İ`, `I` and `ı` → `i`, `ş` → `s`… */
const FOLD: Record<string, string> = { ı: 'i', ş: 's', ç: 'c', ğ: 'g', ö: 'o', ü: 'u', â: 'a', î: 'i', û: 'u' };

/**
 * A name or query as a search compares it: lowercased with Turkish rules and the Turkish letters
 * folded, so `ism`, `İSM` and `ISM` all match İsmail, and `sule` matches Şule.
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFC')
    .toLocaleLowerCase('tr-TR')
    .replace(/[ışçğöüâîû]/g, (c) => FOLD[c]);
}

/** What the server searches for: trimmed, a leading `@` dropped (empty: nothing to ask). */
export function peopleQuery(typed: string): string {
  return typed.trim().replace(/^@/, '').trim();
}

export const peopleSearchQueryKey = (query: string, limit: number, viewer: string) =>
  ['users', 'search', searchKey(query), limit, viewer] as const;

/** GET /api/users/search?q=&limit= */
export async function searchPeople(
  query: string,
  limit: number,
  signal?: AbortSignal,
): Promise<UserSearchResult[]> {
  const data = await apiClient.get<UserSearchResponse>('/users/search', {
    query: { q: query, limit },
    signal,
  });
  return Array.isArray(data?.users) ? data.users : [];
}

/** People whose username or display name starts with `typed`; idle while it is empty. */
export function usePeopleSearch(typed: string, limit = USER_SEARCH_DEFAULT_LIMIT) {
  const viewer = useViewerKey();
  const query = peopleQuery(typed);
  return useQuery({
    queryKey: peopleSearchQueryKey(query, limit, viewer),
    queryFn: ({ signal }) => searchPeople(query, limit, signal),
    enabled: query.length > 0,
    staleTime: 30_000,
  });
}
