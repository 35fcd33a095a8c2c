import { SearchIcon } from '../../../components/icons';
import { tr } from '../../../locales/tr';
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
      emptyTitle={tr.posts.searchEmpty(query)}
      emptyText={tr.posts.searchEmptyText}
      errorText={tr.posts.searchFailed}
    />
  );
}
