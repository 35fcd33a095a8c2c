import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigationType } from 'react-router-dom';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBanner } from '../../../components/error-banner';
import { MessageCircleIcon, SearchIcon } from '../../../components/icons';
import { LockIcon } from '../../../components/icons-more';
import { LoadingBlock, Spinner } from '../../../components/spinner';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { useAuth, useViewerKey } from '../../../lib/auth';
import { postPath } from '../../../lib/paths';
import { entryKey, restoresPosition, SCROLL_START_ATTRIBUTE } from '../../../lib/scroll-positions';
import { useRealtime, useSocketEvent } from '../../../lib/realtime/hooks';
import type { Post } from '../../../lib/types';
import { tr } from '../../../locales/tr';
import { trPost } from '../../../locales/tr-post';
import { postQueryKey, usePostThread } from '../api/get-post';
import { addLiveReply } from '../api/post-cache';
import { postIdOf } from '../post-model';
import { ComposeBox } from './compose-box';
import { GuestComposePrompt } from './guest-compose-prompt';
import { PostCard } from './post-card';
import '../post-thread.css';

/**
 * One post in full with the posts above it in its thread (root first, at most 10 from the
 * server; when the topmost is itself a reply, a link opens its page, which shows the 10 above
 * it), the reply box for a member, and its replies (oldest first).
 *
 * As on X, the page opens at the post (under the sticky header), the thread above it joined by a
 * line between the avatars and read by scrolling up; back and forward keep their own position.
 */
export function PostDetail({ postId }: { postId: string }) {
  const { isAuthenticated } = useAuth();
  const query = usePostThread(postId);
  const { data, error, isPending, isError, hasNextPage, isFetchingNextPage, errorUpdatedAt } =
    query;
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  const realtime = useRealtime();
  const focusRef = useRef<HTMLDivElement>(null);
  const locationKey = entryKey(useLocation());
  const navigationType = useNavigationType();
  const openedAt = useRef<string | null>(null);

  // The post's room brings its new replies (post:reply) and its deleted ones (post:deleted): it
  // is watched as long as the page is open, also when the post itself is scrolled out of view.
  useEffect(() => {
    if (!realtime) return;
    realtime.watchPost(postId);
    return () => realtime.unwatchPost(postId);
  }, [realtime, postId]);

  useSocketEvent('post:reply', (event) => {
    if (!event?.reply || event.postId?.toLowerCase() !== postId.toLowerCase()) return;
    addLiveReply(queryClient, postQueryKey(postId, viewer), event.reply);
  });

  const replies = useMemo(() => {
    const seen = new Set<string>();
    const list: Post[] = [];
    for (const page of data?.pages ?? []) {
      for (const reply of page.replies) {
        const id = postIdOf(reply);
        if (!seen.has(id)) {
          seen.add(id);
          list.push(reply);
        }
      }
    }
    return list;
  }, [data]);

  const post = data?.pages[0]?.post;
  const ancestors = data?.pages[0]?.ancestors ?? [];
  const hasAncestors = ancestors.length > 0;

  // Once per visit, when the post is first there: open at it, the thread above out of view (the
  // same commit as a cached page's navigation is also handled by ScrollRestoration, which finds the
  // same element through SCROLL_START_ATTRIBUTE). The ancestors come in the same answer as the
  // post, so nothing is inserted above it later; the browser's scroll anchoring keeps it in place
  // for a refetch.
  useLayoutEffect(() => {
    if (!post || openedAt.current === locationKey) return;
    openedAt.current = locationKey;
    if (!hasAncestors || restoresPosition(locationKey, navigationType)) return;
    focusRef.current?.scrollIntoView({ block: 'start' });
  }, [post, hasAncestors, locationKey, navigationType]);

  if (isPending && !isError) return <LoadingBlock label={tr.app.loading} />;

  if (!post) {
    // A protected account's post opened by a link (issue 26): the server says 403 `protected`.
    if (error instanceof ApiError && error.status === 403 && (error.body as { protected?: boolean } | null)?.protected) {
      return <EmptyState icon={<LockIcon size={32} />} title={trPost.protectedTitle} description={trPost.protectedText} />;
    }
    // A malformed id is refused with 400, an unknown one with 404: both mean no such post.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return (
        <EmptyState
          icon={<SearchIcon size={32} />}
          title={trPost.notFound}
          description={trPost.notFoundText}
        />
      );
    }
    return (
      <EmptyState
        icon={<MessageCircleIcon size={32} />}
        title={trPost.loadFailed}
        description={error instanceof NetworkError ? tr.posts.networkError : undefined}
        action={
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {tr.posts.retry}
          </Button>
        }
      />
    );
  }

  const top = ancestors[0];
  return (
    <div className="post-detail">
      {top ? (
        <section aria-label={trPost.ancestorsLabel} className="post-detail__ancestors">
          {top.replyTo ? (
            <Link to={postPath(postIdOf(top))} className="post-detail__more-above">
              {trPost.moreAncestors}
            </Link>
          ) : null}
          {ancestors.map((ancestor) => (
            <PostCard key={postIdOf(ancestor)} post={ancestor} threadBelow />
          ))}
        </section>
      ) : null}
      <div
        ref={focusRef}
        className={hasAncestors ? 'post-detail__focus post-detail__focus--in-thread' : 'post-detail__focus'}
        {...(hasAncestors ? { [SCROLL_START_ATTRIBUTE]: '' } : {})}
      >
        <PostCard post={post} variant="detail" />
        {isAuthenticated ? (
          <ComposeBox replyTo={post} className="post-detail__reply" />
        ) : (
          <GuestComposePrompt text={trPost.replyGuest} />
        )}
        {isError && dismissedAt !== errorUpdatedAt ? (
          <ErrorBanner onDismiss={() => setDismissedAt(errorUpdatedAt)}>
            {error instanceof NetworkError ? tr.posts.networkError : tr.posts.loadFailed}
          </ErrorBanner>
        ) : null}
        <section aria-label={trPost.repliesLabel} className="post-detail__replies">
          {replies.length === 0 ? (
            <EmptyState
              className="empty-state--compact"
              title={trPost.noReplies}
              description={isAuthenticated ? trPost.noRepliesText : undefined}
            />
          ) : (
            replies.map((reply) => <PostCard key={postIdOf(reply)} post={reply} />)
          )}
          {hasNextPage ? (
            <div className="post-feed__more">
              {isFetchingNextPage ? (
                <Spinner label={tr.posts.loadingMore} />
              ) : (
                <Button variant="secondary" size="sm" onClick={() => void query.fetchNextPage()}>
                  {trPost.moreReplies}
                </Button>
              )}
            </div>
          ) : null}
        </section>
      </div>
    </div>
  );
}
