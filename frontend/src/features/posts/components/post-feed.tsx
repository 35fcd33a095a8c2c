import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBanner } from '../../../components/error-banner';
import { PenIcon } from '../../../components/icons';
import { LoadingBlock, Spinner } from '../../../components/spinner';
import { NetworkError } from '../../../lib/api-client';
import type { Post, PostsPage } from '../../../lib/types';
import { useLoadMoreSentinel } from '../../../lib/use-load-more-sentinel';
import { tr } from '../../../locales/tr';
import { postIdOf } from '../post-model';
import { PostCard } from './post-card';

export interface PostFeedProps {
  query: UseInfiniteQueryResult<InfiniteData<PostsPage>>;
  label: string;
  emptyTitle?: string;
  emptyText?: ReactNode;
  emptyIcon?: ReactNode;
  /** The banner text when the server answered with an error. */
  errorText?: string;
  /** A line above a card's byline, from the list (the profile's `Sabitlenmiş`, issue 27). */
  cardLabel?: (post: Post) => ReactNode;
}

/** Posts of every loaded page, each once (a prepended post may come again with a later page). */
function uniquePosts(pages: PostsPage[] | undefined): Post[] {
  const seen = new Set<string>();
  const posts: Post[] = [];
  for (const page of pages ?? []) {
    for (const post of page.posts) {
      const id = postIdOf(post);
      if (seen.has(id)) continue;
      seen.add(id);
      posts.push(post);
    }
  }
  return posts;
}

/** How many cards the page's first feed renders before its first paint: a phone's screenful. */
export const FIRST_PAINT_CARDS = 6;

/** Whether a feed has already rendered all its cards in this page load (see useFirstPaintSlice). */
let firstFeedDone = false;

/**
 * The page's first feed renders its first FIRST_PAINT_CARDS cards at once and the rest in a
 * transition right after: the query's answer is an urgent update (React cannot slice it), and 20
 * cards with their layout were one task of ~0.4 s at a phone's CPU (4× slowdown), before the
 * screen could paint (issue 13: blocking time and LCP). Later feeds (another screen, a
 * back navigation whose scroll position needs every card) render whole.
 */
function useFirstPaintSlice(count: number): number {
  const [sliced, setSliced] = useState(() => !firstFeedDone);
  const slicing = sliced && count > FIRST_PAINT_CARDS;
  useEffect(() => {
    if (!sliced || count === 0) return;
    firstFeedDone = true;
    startTransition(() => setSliced(false));
  }, [sliced, count]);
  return slicing ? FIRST_PAINT_CARDS : count;
}

/**
 * A paged list of posts with its states (docs/product.md#home, #states): a spinner while the first page loads,
 * an empty state, a closable error banner, and more pages on scrolling (IntersectionObserver)
 * or with the "Daha fazla yükle" button where that is not available.
 */
export function PostFeed({
  query,
  label,
  emptyTitle = tr.posts.emptyTitle,
  emptyText = tr.posts.emptyText,
  emptyIcon = <PenIcon size={32} />,
  errorText = tr.posts.loadFailed,
  cardLabel,
}: PostFeedProps) {
  const { data, error, isError, isPending, errorUpdatedAt, hasNextPage, isFetchingNextPage } =
    query;
  const { fetchNextPage, refetch, isFetchNextPageError } = query;
  const posts = useMemo(() => uniquePosts(data?.pages), [data]);
  const shown = useFirstPaintSlice(posts.length);
  const partial = shown < posts.length;
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const canLoadMore =
    Boolean(hasNextPage) && !isFetchingNextPage && !isFetchNextPageError && !partial;
  const sentinelRef = useLoadMoreSentinel(canLoadMore, fetchNextPage);

  const showBanner = isError && dismissedAt !== errorUpdatedAt;
  const banner = showBanner ? (
    <ErrorBanner
      onDismiss={() => setDismissedAt(errorUpdatedAt)}
      action={
        <Button variant="ghost" size="sm" onClick={() => void refetch()}>
          {tr.posts.retry}
        </Button>
      }
    >
      {error instanceof NetworkError ? tr.posts.networkError : errorText}
    </ErrorBanner>
  ) : null;

  if (isPending && !isError) {
    // Holds the place of the posts to come (see .post-feed--loading): nothing below moves.
    return (
      <div className="post-feed post-feed--loading">
        <LoadingBlock label={tr.app.loading} />
      </div>
    );
  }

  return (
    // While the rest of the first page is on its way, the feed holds its place as while loading.
    <div className={partial ? 'post-feed post-feed--loading' : 'post-feed'}>
      {banner}
      {!data && isError && !showBanner ? (
        <div className="post-feed__retry">
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            {tr.posts.retry}
          </Button>
        </div>
      ) : null}
      {data && posts.length === 0 ? (
        <EmptyState icon={emptyIcon} title={emptyTitle} description={emptyText} />
      ) : null}
      {posts.length > 0 ? (
        <div role="feed" aria-label={label} aria-busy={isFetchingNextPage || partial}>
          {(partial ? posts.slice(0, shown) : posts).map((post) => (
            <PostCard key={postIdOf(post)} post={post} label={cardLabel?.(post)} />
          ))}
        </div>
      ) : null}
      {partial ? null : hasNextPage ? (
        <div className="post-feed__more">
          <div ref={sentinelRef} className="post-feed__sentinel" aria-hidden="true" />
          {isFetchingNextPage ? (
            <Spinner label={tr.posts.loadingMore} />
          ) : (
            <Button variant="secondary" size="sm" onClick={() => void fetchNextPage()}>
              {tr.posts.loadMore}
            </Button>
          )}
        </div>
      ) : posts.length > 0 ? (
        <p className="post-feed__end">{tr.posts.end}</p>
      ) : null}
    </div>
  );
}
