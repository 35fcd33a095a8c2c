import { useQuery } from '@tanstack/react-query';
import { useViewerKey } from '../../../lib/auth';
import { fetchSuggestedUsers } from './get-suggested-users';

/** The explore screen's Kişiler tab: as many suggestions as the server gives (at most 20). */
export const SUGGESTED_ACCOUNTS_LIMIT = 20;

/**
 * Who to follow for the Kişiler tab (a file of its own: the explore screen's chunk, not the
 * sidebar widget's first-page code). Unlike the widget's, a failure stays an error: the tab then
 * shows the hard-coded accounts.
 */
export function useSuggestedAccounts() {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['trending', 'users', SUGGESTED_ACCOUNTS_LIMIT, viewer, 'list'] as const,
    queryFn: ({ signal }) => fetchSuggestedUsers(SUGGESTED_ACCOUNTS_LIMIT, signal),
    staleTime: 5 * 60_000,
  });
}
