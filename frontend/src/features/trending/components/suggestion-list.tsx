import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/avatar';
import { FollowButton } from '../../../components/follow-button';
import { ProtectedBadge } from '../../../components/protected-badge';
import { VerifiedBadge } from '../../../components/verified-badge';
import { useFollowToggle } from '../../../lib/follow';
import { displayNameOf, usernameOf } from '../../../lib/format';
import { profilePath } from '../../../lib/paths';
import { entityId } from '../../../lib/types';
import type { Suggestion } from '../api/get-suggested-users';

/**
 * The rows of "Kimi takip etmeli", each with its follow button: a chunk of their own, loaded once
 * the widget is on screen (who-to-follow-widget.tsx), not with a guest's first page (issue 13).
 */
export function SuggestionList({ users }: { users: readonly Suggestion[] }) {
  return (
    <ul className="suggestion-list">
      {users.map((user) => (
        <SuggestedUser key={entityId(user) || user.username} user={user} />
      ))}
    </ul>
  );
}

export function SuggestedUser({ user }: { user: Suggestion }) {
  const follow = useFollowToggle(
    entityId(user),
    { isFollowing: Boolean(user.isFollowing), requested: Boolean(user.followRequested) },
    { protected: user.protected },
  );
  const username = usernameOf(user);
  const name = displayNameOf(user);
  return (
    <li className="suggestion">
      <Link to={profilePath(username)} className="suggestion__profile">
        <Avatar displayName={user.displayName} seed={user.username} src={user.profileImage} />
        <span className="suggestion__text">
          <span className="suggestion__name">
            <span className="suggestion__name-text">{name}</span>
            {user.isVerified ? <VerifiedBadge size={16} /> : null}
            {user.protected ? <ProtectedBadge size={14} /> : null}
          </span>
          <span className="suggestion__handle">@{username}</span>
        </span>
      </Link>
      <FollowButton
        isFollowing={follow.isFollowing}
        requested={follow.requested}
        busy={follow.isPending}
        onClick={follow.toggle}
        name={name}
      />
    </li>
  );
}
