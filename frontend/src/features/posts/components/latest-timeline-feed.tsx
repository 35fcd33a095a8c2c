import { tr } from '../../../locales/tr';
import { useLatestTimeline } from '../api/get-latest-timeline';
import { PostFeed } from './post-feed';

/** Every member's posts in time order (GET /api/posts/timeline): explore's `Son`, which the ranked `Size özel` (issue 26) does not replace. */
export function LatestTimelineFeed() {
  return <PostFeed query={useLatestTimeline()} label={tr.posts.feedLabel} />;
}
