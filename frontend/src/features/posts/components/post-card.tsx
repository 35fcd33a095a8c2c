import {
  lazy,
  Suspense,
  useCallback,
  useId,
  useState,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { HeartIcon, MessageCircleIcon, QuoteIcon, RepeatIcon, ShareIcon } from '../../../components/icons';
import { useAuth } from '../../../lib/auth';
import {
  displayNameOf,
  formatCount,
  formatFullDate,
  usernameOf,
} from '../../../lib/format';
import { postPath, quotesPath } from '../../../lib/paths';
import { useWatchedPost } from '../../../lib/realtime/hooks';
import { entityId, type Post } from '../../../lib/types';
import { tr } from '../../../locales/tr';
import { useToggleLike } from '../api/toggle-like';
import { useToggleRepost } from '../api/toggle-repost';
import { useCardKeys } from '../hooks/use-card-keys';
import { isOwnPost } from '../hooks/use-live-posts';
import { useSingleFlight } from '../hooks/use-single-flight';
import {
  authorOf,
  isLikedBy,
  isRepostedBy,
  likeCountOf,
  postIdOf,
  quoteCountOf,
  replyCountOf,
  repostCountOf,
} from '../post-model';
import { QuoteCard } from './quote-card';
import type { QuoteModalProps } from './quote-modal';
import { MediaGrid } from './media-grid';
import { PostAvatar, PostByline } from './post-byline';
import { PostContent } from './post-content';
import { PostMenuButton } from './post-menu-button';
import { ReplyContext } from './reply-context';
import type { ReplyModalProps } from './reply-modal';
import { RepostHeader } from './repost-header';

// The reply dialog too: only a member opens it, and a guest's `/` has its bytes counted (issue 13).
const ReplyModal = lazy(
  (): Promise<{ default: ComponentType<ReplyModalProps> }> =>
    import('./reply-modal').then((module) => ({ default: module.ReplyModal })),
);

// The quote dialog (issue 27) likewise, on its first opening.
const QuoteModal = lazy(
  (): Promise<{ default: ComponentType<QuoteModalProps> }> =>
    import('./quote-modal').then((module) => ({ default: module.QuoteModal })),
);

export interface PostCardProps {
  post: Post;
  /** `feed`: a list item; `detail`: the post of /post/:id (the reply dialog uses QuotedPost). */
  variant?: 'feed' | 'detail';
  /** The thread goes on in the post below (the post page's ancestors): a line joins the avatars. */
  threadBelow?: boolean;
  /** A line above the byline that the list gives this card (a profile's `Sabitlenmiş`, issue 27). */
  label?: ReactNode;
}

/** Clicks on links, buttons or a text selection do not open the post. */
function isPlainClick(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement;
  if (target.closest('a, button')) return false;
  const selection = window.getSelection?.();
  return !selection || selection.isCollapsed;
}

export function PostCard({ post, variant = 'feed', threadBelow = false, label }: PostCardProps) {
  const navigate = useNavigate();
  const { isAuthenticated, openAuthModal, user } = useAuth();
  const [replying, setReplying] = useState(false);
  const [quoting, setQuoting] = useState(false);
  const like = useToggleLike();
  const repost = useToggleRepost();
  const guardLike = useSingleFlight();
  const guardRepost = useSingleFlight();

  const id = postIdOf(post);
  const author = authorOf(post);
  const username = usernameOf(author);
  const name = displayNameOf(author);
  // A like on its way (retried after a network failure, or paused offline until the browser is
  // online again: React Query's `networkMode: 'online'`) shows the state asked for, marked busy.
  const likePending = like.isPending && like.variables !== undefined;
  const liked = likePending ? like.variables.liked : isLikedBy(post);
  const reposted = isRepostedBy(post);
  // Live counts while the card is on screen.
  const watchRef = useWatchedPost(id);

  // Guests get the login dialog for every interaction (docs/product.md#validation).
  const asMember = (action: () => void) => () => {
    if (!isAuthenticated) {
      openAuthModal('login');
      return;
    }
    action();
  };

  const openPost = (event: MouseEvent<HTMLElement>) => {
    if (variant === 'feed' && isPlainClick(event)) navigate(postPath(id));
  };
  // A feed card is one Tab stop; the post page's card keeps its controls in the Tab order.
  const keys = useCardKeys<HTMLElement>(variant === 'feed', () => navigate(postPath(id)));
  const setRef = useCallback(
    (node: HTMLElement | null) => {
      keys.ref.current = node;
      const unwatch = watchRef(node);
      return () => {
        keys.ref.current = null;
        unwatch?.();
      };
    },
    [keys.ref, watchRef],
  );

  return (
    <article
      ref={setRef}
      tabIndex={variant === 'feed' ? 0 : undefined}
      onKeyDown={keys.onKeyDown}
      className={`post-card post-card--${variant}${threadBelow ? ' post-card--thread' : ''}`}
      data-testid="post-card"
      data-post-id={id}
      aria-label={`${name} @${username}`}
    >
      <PostAvatar post={post} linked />
      {threadBelow ? <span className="post-card__thread-line" data-testid="thread-line" aria-hidden="true" /> : null}
      <div className="post-card__main">
        {label}
        <RepostHeader post={post} />
        <PostByline
          post={post}
          postId={id}
          links={variant === 'feed' ? 'author-and-time' : 'author'}
        />
        <ReplyContext post={post} />
        <div
          className={
            variant === 'feed' ? 'post-card__body post-card__body--link' : 'post-card__body'
          }
          onClick={openPost}
        >
          <PostContent text={post.content ?? ''} mentions={post.mentions} className="post-card__content" />
        </div>
        {/* Outside the body: a click in the viewer (a portal) bubbles here through React, not to openPost. */}
        {post.media?.length ? <MediaGrid media={post.media} sensitive={post.sensitive} /> : null}
        {post.quote ? <QuoteCard quote={post.quote} /> : null}
        {variant === 'detail' ? (
          <p className="post-card__full-date">
            {formatFullDate(post.createdAt)}
            {/* The post's page says when it was last edited, as X's "Last edited" (issue 27). */}
            {post.isEdited && post.editedAt ? <span data-testid="edited-at"> · {tr.posts.lastEdited(formatFullDate(post.editedAt))}</span> : null}
          </p>
        ) : null}
        {variant === 'detail' && quoteCountOf(post) > 0 ? (
          <p className="post-card__full-date">
            <Link to={quotesPath(id)} data-testid="quotes-link">
              {tr.posts.quotesLink(formatCount(quoteCountOf(post)))}
            </Link>
          </p>
        ) : null}
        <div className="post-actions" role="group" aria-label={tr.posts.actions}>
          <ActionButton
            label={tr.posts.reply}
            tone="reply"
            count={replyCountOf(post)}
            onClick={asMember(() => setReplying(true))}
            icon={<MessageCircleIcon size={18} />}
          />
          <ActionButton
            label={tr.posts.repost}
            tone="repost"
            count={repostCountOf(post)}
            pressed={reposted}
            onClick={asMember(() => {
              guardRepost(() => repost.mutateAsync({ postId: id, reposted: !reposted }));
            })}
            icon={<RepeatIcon size={18} />}
          />
          {/* Beside repost, as on X (issue 27): a quote of its own; a post its author closed to quotes says so. */}
          <ActionButton
            label={tr.posts.quote}
            tone="quote"
            count={quoteCountOf(post)}
            disabled={post.quotable === false}
            onClick={asMember(() => setQuoting(true))}
            icon={<QuoteIcon size={18} />}
          />
          <ActionButton
            label={tr.posts.like}
            tone="like"
            count={likeCountOf(post)}
            pressed={liked}
            busy={likePending}
            onClick={asMember(() => {
              guardLike(() => like.mutateAsync({ postId: id, liked: !liked }));
            })}
            icon={<HeartIcon size={18} fill={liked ? 'currentColor' : 'none'} />}
          />
          {/* docs/product.md#home: present, with no behaviour. */}
          <ActionButton label={tr.posts.share} tone="share" icon={<ShareIcon size={18} />} />
        </div>
      </div>
      {/* Top-right, as on X (post-menu-button.tsx); last in the DOM, so the card's arrow keys reach it with ←. */}
      <PostMenuButton
        postId={id}
        own={isAuthenticated && isOwnPost(post, user)}
        editable={isAuthenticated && isOwnPost(post, user) ? post : undefined}
        pinned={post.isPinned === true}
        quotable={post.quotable !== false}
        author={isAuthenticated && entityId(author) && username ? { id: entityId(author), username } : undefined}
        report={isAuthenticated && !isOwnPost(post, user) ? { username: author.username } : null}
        roving={variant === 'feed'}
      />
      {replying ? (
        <Suspense fallback={null}>
          <ReplyModal post={post} onClose={() => setReplying(false)} />
        </Suspense>
      ) : null}
      {quoting ? (
        <Suspense fallback={null}>
          <QuoteModal post={post} onClose={() => setQuoting(false)} />
        </Suspense>
      ) : null}
    </article>
  );
}

function ActionButton({
  label,
  tone,
  icon,
  count,
  pressed,
  busy,
  disabled,
  onClick,
}: {
  label: string;
  tone: 'reply' | 'repost' | 'quote' | 'like' | 'share';
  icon: ReactNode;
  count?: number;
  pressed?: boolean;
  /** The write is waiting for the network: shown dimmed and pulsing, `aria-busy`. */
  busy?: boolean;
  disabled?: boolean;
  onClick?: () => void;
}) {
  const countId = useId();
  // The count sits beside the button, not inside it: the button's name stays exactly its
  // visible label (WCAG 2.5.3, axe label-content-name-mismatch) and the count is its description.
  return (
    <span
      className={`post-action post-action--${tone}${pressed ? ' post-action--active' : ''}${busy ? ' post-action--pending' : ''}`}
    >
      <button
        type="button"
        className="post-action__button"
        aria-label={label}
        aria-pressed={pressed}
        aria-busy={busy || undefined}
        disabled={disabled}
        aria-describedby={count !== undefined ? countId : undefined}
        title={label}
        onClick={onClick}
      >
        <span className="post-action__icon">{icon}</span>
      </button>
      {count !== undefined ? (
        <span id={countId} className="post-action__count" data-testid={`${tone}-count`} onClick={disabled ? undefined : onClick}>
          {formatCount(count)}
        </span>
      ) : null}
    </span>
  );
}
