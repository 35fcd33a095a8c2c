import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { Trend } from '../../../lib/types';
import type { TrendingHashtagsResponse } from '@gundem/contract';

export const TRENDS_LIMIT = 5;

/**
 * Shown when the call fails: docs/product.md#calls asks for a silent fallback to a hard-coded list
 * (loaded then, not with the first page: locales/tr-samples.ts).
 */
async function fallbackTrends(): Promise<readonly Trend[]> {
  return (await import('../../../locales/tr-samples')).samples.trends;
}

export const trendingHashtagsQueryKey = ['trending', 'hashtags', TRENDS_LIMIT] as const;

/** GET /api/trending/hashtags?limit=5; any failure gives the hard-coded list instead. */
export async function getTrendingHashtags(signal?: AbortSignal): Promise<readonly Trend[]> {
  try {
    const data = await apiClient.get<TrendingHashtagsResponse>('/trending/hashtags', {
      query: { limit: TRENDS_LIMIT },
      signal,
    });
    if (!Array.isArray(data?.trends)) return fallbackTrends();
    return data.trends;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return fallbackTrends();
  }
}

/** `enabled: false` holds the request (the query stays pending). */
export function useTrendingHashtags(enabled = true) {
  return useQuery({
    queryKey: trendingHashtagsQueryKey,
    queryFn: ({ signal }) => getTrendingHashtags(signal),
    staleTime: 5 * 60_000,
    enabled,
  });
}
