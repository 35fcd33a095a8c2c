import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HashtagReviewResponse, HiddenHashtagsResponse, TrendingHashtagsResponse } from '@gundem/contract';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_QUERY_RETRY, adminKeys } from './admin-keys';

/** As many trends as the server ranks (GET /api/trending/hashtags takes 1–20). */
export const ADMIN_TRENDS_LIMIT = 20;

/** The trends as everyone sees them (hidden hashtags already left out), for the hide buttons. */
export function useAdminTrends() {
  return useQuery({
    queryKey: adminKeys.trends(),
    queryFn: async ({ signal }) => (await apiClient.get<TrendingHashtagsResponse>('/trending/hashtags', { query: { limit: ADMIN_TRENDS_LIMIT }, signal })).trends,
    retry: ADMIN_QUERY_RETRY,
  });
}

/** GET /api/admin/trends/hidden (staff). */
export function useHiddenHashtags() {
  return useQuery({
    queryKey: adminKeys.hiddenHashtags(),
    queryFn: async ({ signal }) => (await apiClient.get<HiddenHashtagsResponse>('/admin/trends/hidden', { signal })).hashtags,
    retry: ADMIN_QUERY_RETRY,
  });
}

/** PUT (hide) or DELETE (undo) /api/admin/trends/hidden/:tag; both lists and the sidebar's trends reload. */
export function useReviewHashtag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ hashtag, hide }: { hashtag: string; hide: boolean }) => {
      const path = `/admin/trends/hidden/${encodeURIComponent(hashtag)}`;
      return hide ? apiClient.put<HashtagReviewResponse>(path) : apiClient.delete<HashtagReviewResponse>(path);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.trends() });
      void queryClient.invalidateQueries({ queryKey: ['trending'] });
    },
  });
}
