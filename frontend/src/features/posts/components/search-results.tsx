import { SearchIcon } from '../../../components/icons';
import { trExplore } from '../../../locales/tr-explore';
import { useSearchPosts } from '../api/search-posts';
import { PostFeed } from './post-feed';

/** Posts matching `query` (GET /api/posts/search), for the explore screen. */
export function SearchResults({ query }: { query: string }) {
  const result = useSearchPosts(query);
  return (
    <PostFeed
      query={result}
      label={trExplore.resultsFor(query)}
      emptyIcon={<SearchIcon size={32} />}
      emptyTitle={trExplore.searchEmpty(query)}
      emptyText={trExplore.searchEmptyText}
      errorText={trExplore.searchFailed}
    />
  );
}
