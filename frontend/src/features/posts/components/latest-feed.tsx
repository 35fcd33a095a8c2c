import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useViewerKey } from '../../../lib/auth';
import { tr } from '../../../locales/tr';
import { latestQueryKey, useLatestTimeline } from '../api/get-latest-timeline';
import { feedHolds, showPendingPosts, usePendingPosts } from '../api/new-posts';
import { prependToList } from '../api/post-cache';
import { LatestTimelineFeed } from './latest-timeline-feed';

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
  const pending = usePendingPosts('home');
  const count = useMemo(() => {
    const held = data?.pages.flatMap((page) => page.posts) ?? [];
    return pending.filter((post) => !feedHolds(held, post)).length;
  }, [data, pending]);
  return (
    <>
      {count > 0 && (
        <div className="new-posts">
          <button
            type="button"
            className="new-posts__pill"
            aria-live="polite"
            onClick={() => {
              for (const post of [...pending].reverse()) prependToList(queryClient, latestQueryKey(viewer), post);
              showPendingPosts(queryClient, viewer, 'home');
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          >
            <span aria-hidden="true" className="new-posts__arrow">
              ↑
            </span>
            {tr.posts.newPosts(count)}
          </button>
        </div>
      )}
      <LatestTimelineFeed />
    </>
  );
}
