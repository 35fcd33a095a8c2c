import { EXPLORE_SUGGESTIONS_LIMIT } from '@gundem/contract';
import { useQuery } from '@tanstack/react-query';
import { useViewerKey } from '../../../lib/auth';
import { takeExploreData } from './explore-data';
import { fetchSuggestedUsers } from './get-suggested-users';

/** The explore screen's Kişiler tab: as many suggestions as the server gives (at most 20). */
export const SUGGESTED_ACCOUNTS_LIMIT = 20;
/** Explore's Gündem tab: three, under the trends (the contract's, which the server render uses too). */
export { EXPLORE_SUGGESTIONS_LIMIT };

/**
 * Who to follow for Explore (a file of its own: the explore screen's chunk, not the sidebar
 * widget's first-page code). Unlike the widget's, a failure stays an error: the tab then shows
 * the hard-coded accounts. Explore's Gündem tab asks for three, which a guest's server-rendered
 * Explore brings in the page (explore-data.ts).
 */
export function useSuggestedAccounts(limit = SUGGESTED_ACCOUNTS_LIMIT) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['trending', 'users', limit, viewer, 'list'] as const,
    queryFn: ({ signal }) => fetchSuggestedUsers(limit, signal),
    initialData: limit === EXPLORE_SUGGESTIONS_LIMIT && viewer === 'guest' ? () => takeExploreData('users') : undefined,
    initialDataUpdatedAt: () => Date.now(),
    staleTime: 5 * 60_000,
  });
}
