import { TrendingIcon } from '../../../components/icons-more';
import { trExplore } from '../../../locales/tr-explore';
import { usePopularPosts } from '../api/get-popular';
import { PostFeed } from './post-feed';

/** Explore's `Popüler` (GET /api/posts/popular): the most engaged posts of the last 24 hours. */
export function PopularFeed() {
  const query = usePopularPosts();
  return (
    <PostFeed
      query={query}
      label={trExplore.popularFeedLabel}
      emptyTitle={trExplore.popularEmpty}
      emptyText={trExplore.popularEmptyText}
      emptyIcon={<TrendingIcon size={32} />}
    />
  );
}
