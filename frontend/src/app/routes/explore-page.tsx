import { useSearchParams } from 'react-router-dom';
import { ExploreView } from '../../features/explore/components/explore-view';
import { PopularFeed } from '../../features/posts/components/popular-feed';
import { SearchResults } from '../../features/posts/components/search-results';
import { LatestTimelineFeed } from '../../features/posts/components/latest-timeline-feed';
import { EXPLORE_SUGGESTIONS_LIMIT } from '../../features/trending/api/get-suggested-accounts';
import { ExploreTrends } from '../../features/trending/components/explore-trends';
import { SuggestedAccounts } from '../../features/trending/components/suggested-accounts';
import { useDocumentTitle } from '../../lib/use-document-title';
import { trExplore } from '../../locales/tr-explore';

/** Explore composes the posts feature's lists and the trending feature's trends and suggestions into its tabs (features do not import each other). */
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
      renderTopics={(fallback) => <ExploreTrends fallback={fallback} />}
      renderSuggested={(fallback) => (
        <SuggestedAccounts fallback={fallback} limit={EXPLORE_SUGGESTIONS_LIMIT} title={trExplore.suggestedTitle} />
      )}
    />
  );
}

/** `/hashtag/:tag` loads with Explore (router.tsx). */
export { HashtagPage } from './hashtag-page';
