import { tr } from '../../../locales/tr';
import { useFollowingTimeline } from '../api/get-following-timeline';
import { PendingPostsPill } from './new-posts-pill';
import { PostFeed } from './post-feed';

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
        label={tr.home.followingFeedLabel}
        emptyTitle={tr.home.followingEmptyTitle}
        emptyText={tr.home.followingEmptyText}
      />
    </>
  );
}
