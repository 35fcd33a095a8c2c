import { tr } from '../../../locales/tr';
import { useTimeline } from '../api/get-timeline';
import { PostFeed } from './post-feed';

/** The timeline (GET /api/posts/timeline), as on the home screen. */
export function TimelineFeed() {
  const query = useTimeline();
  return <PostFeed query={query} label={tr.posts.feedLabel} />;
}
