import { useSearchParams } from 'react-router-dom';
import { ExploreView } from '../../features/explore/components/explore-view';
import { SearchResults } from '../../features/posts/components/search-results';
import { TimelineFeed } from '../../features/posts/components/timeline-feed';
import { useDocumentTitle } from '../../lib/use-document-title';
import { tr } from '../../locales/tr';

/** Explore composes the posts feature's lists into its tabs (features do not import each other). */
export function ExplorePage() {
  useDocumentTitle(tr.explore.title);
  const [params] = useSearchParams();
  return (
    <ExploreView
      query={params.get('q')?.trim() ?? ''}
      feed={<TimelineFeed />}
      renderResults={(query) => <SearchResults key={query} query={query} />}
    />
  );
}
