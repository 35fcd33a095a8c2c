import { Link } from 'react-router-dom';
import { RepeatIcon } from '../../../components/icons';
import { displayNameOf } from '../../../lib/format';
import { profilePath } from '../../../lib/paths';
import type { Post } from '../../../lib/types';
import { tr } from '../../../locales/tr';

/** "X yeniden paylaştı" above a repost item of the `Takip edilenler` feed; nothing for any other post. */
export function RepostHeader({ post }: { post: Post }) {
  const by = post.repostedBy;
  if (!by) return null;
  return (
    <p className="post-card__reposted" data-testid="reposted-by">
      <RepeatIcon size={14} />
      <Link to={profilePath(by.username)}>{displayNameOf(by)}</Link> {tr.posts.repostedBy}
    </p>
  );
}
