import { useQueryClient } from '@tanstack/react-query';
import { useViewerKey } from '../../../lib/auth';
import { latestQueryKey, useLatestTimeline } from '../api/get-latest-timeline';
import { prependToList } from '../api/post-cache';
import { LatestTimelineFeed } from './latest-timeline-feed';
import { PendingPostsPill } from './new-posts-pill';

/**
 * The `Son` tab of the home screen (issue 26): every member's posts in time order, as the home
 * feed was before `Size özel` was ranked (GET /api/posts/timeline). Its "N yeni gönderi" pill
 * counts the posts the socket announced for the home feeds (`home`); a click puts them on top of
 * this list and of `Size özel`'s.
 */
export function LatestFeed() {
  const { data } = useLatestTimeline();
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  return (
    <>
      <PendingPostsPill
        feed="home"
        data={data}
        beforeShow={(pending) => {
          for (const post of [...pending].reverse()) prependToList(queryClient, latestQueryKey(viewer), post);
        }}
      />
      <LatestTimelineFeed />
    </>
  );
}
