import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { Trend } from '../../../lib/types';
import { EXPLORE_TRENDS_LIMIT, type TrendingHashtagsResponse } from '@gundem/contract';
import { takeExploreData } from './explore-data';

/** Explore's `Gündemdeki konular`: the top 10 hashtags of the last 7 days (the contract's, which the server render uses too). */
export { EXPLORE_TRENDS_LIMIT };

/** GET /api/trending/hashtags?limit=10; throws when the call fails (Explore then shows the SPEC's topics). */
export async function fetchExploreTrends(signal?: AbortSignal): Promise<Trend[]> {
  const data = await apiClient.get<TrendingHashtagsResponse>('/trending/hashtags', {
    query: { limit: EXPLORE_TRENDS_LIMIT },
    signal,
  });
  if (!Array.isArray(data?.trends)) throw new Error('Beklenmeyen gündem yanıtı');
  return data.trends;
}

/**
 * The 7-day trends for Explore (a file of its own: the explore screen's chunk, not the sidebar
 * widget's first-page code). Unlike the widget's, a failure stays an error. A guest's
 * server-rendered Explore brings them in the page (explore-data.ts).
 */
export function useExploreTrends() {
  return useQuery({
    queryKey: ['trending', 'hashtags', EXPLORE_TRENDS_LIMIT, 'explore'] as const,
    queryFn: ({ signal }) => fetchExploreTrends(signal),
    initialData: () => takeExploreData('trends'),
    initialDataUpdatedAt: () => Date.now(),
    staleTime: 5 * 60_000,
  });
}
