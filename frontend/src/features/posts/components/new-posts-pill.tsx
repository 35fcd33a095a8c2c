import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useViewerKey } from '../../../lib/auth';
import type { FeedName } from '../../../lib/realtime/socket-client';
import type { Post, PostsPage } from '../../../lib/types';
import { tr } from '../../../locales/tr';
import { useTimeline } from '../api/get-timeline';
import { feedHolds, showPendingPosts, usePendingPosts } from '../api/new-posts';

/**
 * "N yeni gönderi" above the home feed while posts announced by the socket wait (docs/product.md#realtime-on-screen: the feed
 * shows a pill rather than jumping). A click puts them on top and scrolls there. The pill floats
 * in a zero-height sticky row, so showing it does not move the feed either.
 */
export function NewPostsPill() {
  const { data } = useTimeline();
  return <PendingPostsPill feed="home" data={data} />;
}

/**
 * The pill of one feed: `data` is the feed's loaded pages (a waiting post already in them is not
 * counted); `beforeShow` gets the waiting posts, newest first, as a click shows them (a list
 * beside the feed's own that takes them too, as `Son` does).
 */
export function PendingPostsPill({ feed, data, beforeShow }: { feed: FeedName; data: InfiniteData<PostsPage> | undefined; beforeShow?: (pending: Post[]) => void }) {
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  const pending = usePendingPosts(feed);
  const count = useMemo(() => {
    const held = data?.pages.flatMap((page) => page.posts) ?? [];
    return pending.filter((post) => !feedHolds(held, post)).length;
  }, [data, pending]);

  if (count === 0) return null;
  return (
    <div className="new-posts">
      <button
        type="button"
        className="new-posts__pill"
        aria-live="polite"
        onClick={() => {
          beforeShow?.(pending);
          showPendingPosts(queryClient, viewer, feed);
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      >
        <span aria-hidden="true" className="new-posts__arrow">
          ↑
        </span>
        {tr.posts.newPosts(count)}
      </button>
    </div>
  );
}
