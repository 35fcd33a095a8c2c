import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useViewerKey } from '../../../lib/auth';
import { tr } from '../../../locales/tr';
import { useTimeline } from '../api/get-timeline';
import { showPendingPosts, usePendingPosts } from '../api/new-posts';
import { postIdOf } from '../post-model';

/**
 * "N yeni gönderi" above the home feed while posts announced by the socket wait (docs/product.md#realtime-on-screen: the feed
 * shows a pill rather than jumping). A click puts them on top and scrolls there. The pill floats
 * in a zero-height sticky row, so showing it does not move the feed either.
 */
export function NewPostsPill() {
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  const pending = usePendingPosts();
  const { data } = useTimeline();
  const count = useMemo(() => {
    const held = new Set(data?.pages.flatMap((page) => page.posts.map(postIdOf)) ?? []);
    return pending.filter((post) => !held.has(postIdOf(post))).length;
  }, [data, pending]);

  if (count === 0) return null;
  return (
    <div className="new-posts">
      <button
        type="button"
        className="new-posts__pill"
        aria-live="polite"
        onClick={() => {
          showPendingPosts(queryClient, viewer);
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
