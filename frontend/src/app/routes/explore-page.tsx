import { useSearchParams } from 'react-router-dom';
import { ExploreView } from '../../features/explore/components/explore-view';
import { PopularFeed } from '../../features/posts/components/popular-feed';
import { SearchResults } from '../../features/posts/components/search-results';
import { LatestTimelineFeed } from '../../features/posts/components/latest-timeline-feed';
import { SuggestedAccounts } from '../../features/trending/components/suggested-accounts';
import { useDocumentTitle } from '../../lib/use-document-title';
import { trExplore } from '../../locales/tr-explore';

/** Explore composes the posts feature's lists and the trending feature's suggestions into its tabs (features do not import each other). */
export function ExplorePage() {
  useDocumentTitle(trExplore.title);
  const [params] = useSearchParams();
  return (
    <ExploreView
      query={params.get('q')?.trim() ?? ''}
      feed={<LatestTimelineFeed />}
      popularFeed={<PopularFeed />}
      renderResults={(query) => <SearchResults key={query} query={query} />}
      renderUsers={(fallback) => <SuggestedAccounts fallback={fallback} />}
    />
  );
}
