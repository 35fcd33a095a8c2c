import { tr } from '../../../locales/tr';
import { useTimeline } from '../api/get-timeline';
import { PostFeed } from './post-feed';

/** The home feed (GET /api/posts/timeline/ranked): a member's `Size özel`, a guest's global ranking. */
export function TimelineFeed() {
  const query = useTimeline();
  return <PostFeed query={query} label={tr.posts.feedLabel} />;
}
