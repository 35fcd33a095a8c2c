import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/avatar';
import { ProtectedBadge } from '../../../components/protected-badge';
import { VerifiedBadge } from '../../../components/verified-badge';
import {
  displayNameOf,
  formatFullDate,
  formatRelativeTime,
  usernameOf,
} from '../../../lib/format';
import { postPath, profilePath } from '../../../lib/paths';
import { useRenderClock } from '../../../lib/render-clock';
import type { Post } from '../../../lib/types';
import { tr } from '../../../locales/tr';
import { authorOf } from '../post-model';
import type { EditHistoryDialogProps } from './edit-history-dialog';

// The history dialog comes with its first opening: most readers never open one.
const EditHistoryDialog = lazy(
  (): Promise<{ default: ComponentType<EditHistoryDialogProps> }> =>
    import('./edit-history-dialog').then((module) => ({ default: module.EditHistoryDialog })),
);

/**
 * The author's avatar and the post's header line, shared by the interactive PostCard and the
 * presentational QuotedPost. `links` says what is clickable: nothing inside the reply dialog,
 * the author on /post/:id, the author and the time in a feed.
 */
export type BylineLinks = 'none' | 'author' | 'author-and-time';

export function PostAvatar({ post, linked }: { post: Post; linked: boolean }) {
  const author = authorOf(post);
  const avatar = <Avatar displayName={author.displayName} seed={author.username} src={author.profileImage} />;
  if (!linked) return <span className="post-card__avatar">{avatar}</span>;
  return (
    <Link
      to={profilePath(usernameOf(author))}
      className="post-card__avatar"
      tabIndex={-1}
      aria-hidden="true"
    >
      {avatar}
    </Link>
  );
}

export function PostByline({
  post,
  postId,
  links,
}: {
  post: Post;
  postId: string;
  links: BylineLinks;
}) {
  const author = authorOf(post);
  const username = usernameOf(author);
  const name = displayNameOf(author);
  // A server-rendered card's first render: the server's moment and no zoned date (render-clock.tsx).
  const clock = useRenderClock();
  const time: ReactNode = (
    <time dateTime={post.createdAt} title={clock.zoned ? formatFullDate(post.createdAt) : undefined}>
      {formatRelativeTime(post.createdAt, clock.now)}
    </time>
  );
  return (
    <header className="post-card__header">
      {links === 'none' ? (
        <span className="post-card__name">{name}</span>
      ) : (
        <Link to={profilePath(username)} className="post-card__name">
          {name}
        </Link>
      )}
      {author.isVerified ? <VerifiedBadge size={17} /> : null}
      {author.protected ? <ProtectedBadge size={15} /> : null}
      <span className="post-card__handle">@{username}</span>
      <span className="post-card__dot" aria-hidden="true">
        ·
      </span>
      {links === 'author-and-time' ? (
        <Link to={postPath(postId)} className="post-card__time">
          {time}
        </Link>
      ) : (
        <span className="post-card__time">{time}</span>
      )}
      {post.isEdited ? <EditedMark post={post} postId={postId} interactive={links !== 'none'} /> : null}
    </header>
  );
}

/**
 * `düzenlendi` (issue 27): with the latest edit's time as its title, and, where the card's header
 * is interactive, a button that opens the `Düzenleme geçmişi` dialog.
 */
function EditedMark({ post, postId, interactive }: { post: Post; postId: string; interactive: boolean }) {
  const [open, setOpen] = useState(false);
  const clock = useRenderClock();
  const when = post.editedAt && clock.zoned ? formatFullDate(post.editedAt) : null;
  if (!interactive) {
    return (
      <span className="post-card__edited" title={when ?? undefined}>
        {tr.posts.edited}
      </span>
    );
  }
  const name = when ? tr.posts.editedAt(when) : undefined;
  return (
    <>
      <button type="button" className="text-link post-card__edited" aria-label={name} title={name} aria-haspopup="dialog" data-testid="edited-mark" onClick={() => setOpen(true)}>
        {tr.posts.edited}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <EditHistoryDialog postId={postId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
