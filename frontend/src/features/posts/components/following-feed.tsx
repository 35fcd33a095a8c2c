import { trFeeds } from '../../../locales/tr-feeds';
import { useFollowingTimeline } from '../api/get-following-timeline';
import { PendingPostsPill } from './new-posts-pill';
import { PostFeed } from './post-feed';

// The `Son` tab's feed, loaded with this one (home-timeline.tsx: one chunk for the tabs a guest never sees).
export { LatestFeed } from './latest-feed';

/**
 * The `Takip edilenler` tab of the home screen (GET /api/posts/timeline/following), with its own
 * "N yeni gönderi" pill: fed by `post:new` of the followed authors only (feed `following`).
 */
export function FollowingFeed() {
  const query = useFollowingTimeline();
  return (
    <>
      <PendingPostsPill feed="following" data={query.data} />
      <PostFeed
        query={query}
        label={trFeeds.followingFeedLabel}
        emptyTitle={trFeeds.followingEmptyTitle}
        emptyText={trFeeds.followingEmptyText}
      />
    </>
  );
}
