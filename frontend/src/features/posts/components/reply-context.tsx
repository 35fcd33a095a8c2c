import { Link } from 'react-router-dom';
import { postPath, profilePath } from '../../../lib/paths';
import type { Post } from '../../../lib/types';
import { tr } from '../../../locales/tr';

/**
 * "yanıt olarak @kullanıcı" above a reply's text (docs/product.md#threads): the words open the
 * original post, the name its author's profile. A reply whose original cannot be shown (its
 * author is deactivated: `replyTo` null) says so without naming anyone; a post that is not a
 * reply, or one from a server that does not send `replyTo`, shows nothing.
 */
export function ReplyContext({ post }: { post: Post }) {
  const to = post.replyTo;
  if (to === undefined) return null;
  return (
    <p className="post-card__reply-to">
      {to ? (
        <>
          <Link to={postPath(to.id)}>{tr.posts.replyContext}</Link>{' '}
          <Link to={profilePath(to.username)} className="post-link">
            @{to.username}
          </Link>
        </>
      ) : (
        tr.posts.replyContextHidden
      )}
    </p>
  );
}
