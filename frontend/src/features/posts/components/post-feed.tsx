import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBanner } from '../../../components/error-banner';
import { PenIcon } from '../../../components/icons';
import { LoadingBlock, Spinner } from '../../../components/spinner';
import { NetworkError } from '../../../lib/api-client';
import type { TimeUnits } from '../../../lib/format';
import type { Post, PostsPage } from '../../../lib/types';
import { useLoadMoreSentinel } from '../../../lib/use-load-more-sentinel';
import { tr } from '../../../locales/tr';
import { postIdOf } from '../post-model';
import { PostCard } from './post-card';

export interface PostFeedProps {
  query: UseInfiniteQueryResult<InfiniteData<PostsPage>>;
  label: string;
  timeUnits?: TimeUnits;
  emptyTitle?: string;
  emptyText?: ReactNode;
  emptyIcon?: ReactNode;
  /** The banner text when the server answered with an error. */
  errorText?: string;
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

/**
 * A paged list of posts with its states (docs/product.md#home, #states): a spinner while the first page loads,
 * an empty state, a closable error banner, and more pages on scrolling (IntersectionObserver)
 * or with the "Daha fazla yükle" button where that is not available.
 */
export function PostFeed({
  query,
  label,
  timeUnits = 'timeline',
  emptyTitle = tr.posts.emptyTitle,
  emptyText = tr.posts.emptyText,
  emptyIcon = <PenIcon size={32} />,
  errorText = tr.posts.loadFailed,
}: PostFeedProps) {
  const { data, error, isError, isPending, errorUpdatedAt, hasNextPage, isFetchingNextPage } =
    query;
  const { fetchNextPage, refetch, isFetchNextPageError } = query;
  const posts = useMemo(() => uniquePosts(data?.pages), [data]);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const canLoadMore = Boolean(hasNextPage) && !isFetchingNextPage && !isFetchNextPageError;
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
    <div className="post-feed">
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
        <div role="feed" aria-label={label} aria-busy={isFetchingNextPage}>
          {posts.map((post) => (
            <PostCard key={postIdOf(post)} post={post} timeUnits={timeUnits} />
          ))}
        </div>
      ) : null}
      {hasNextPage ? (
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
