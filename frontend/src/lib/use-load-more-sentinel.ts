import { type RefObject, useEffect, useRef } from 'react';

/**
 * Infinite scrolling for a list: returns the ref of an element placed after the last item; when
 * it comes within `margin` of the viewport and `canLoadMore` holds, `loadMore` runs. Without
 * IntersectionObserver (old browsers, some tests) nothing loads by itself; the lists keep their
 * own "more" button or error retry for that.
 */
export function useLoadMoreSentinel(
  canLoadMore: boolean,
  loadMore: () => unknown,
  margin = '600px',
): RefObject<HTMLDivElement | null> {
  const sentinelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !canLoadMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMore();
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [canLoadMore, loadMore, margin]);
  return sentinelRef;
}
