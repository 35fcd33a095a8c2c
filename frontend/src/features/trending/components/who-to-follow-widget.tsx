import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/avatar';
import { buttonClass } from '../../../components/button';
import { FollowButton } from '../../../components/follow-button';
import { VerifiedBadge } from '../../../components/verified-badge';
import { Widget } from '../../../components/widget';
import { useFollowToggle } from '../../../lib/follow';
import { displayNameOf, usernameOf } from '../../../lib/format';
import { profilePath } from '../../../lib/paths';
import { entityId } from '../../../lib/types';
import { tr } from '../../../locales/tr';
import {
  SUGGESTED_USERS_LIMIT,
  type Suggestion,
  useSuggestedUsers,
} from '../api/get-suggested-users';

/** "Kimi takip etmeli": three accounts with a follow button each. */
export function WhoToFollowWidget() {
  const { data: users, isPending } = useSuggestedUsers();
  return (
    <Widget
      titleId="who-to-follow-title"
      title={tr.widgets.whoToFollow}
      loading={isPending}
      placeholder={<SuggestionsPlaceholder />}
    >
      {!users?.length ? (
        <p className="widget__empty">{tr.widgets.noSuggestions}</p>
      ) : (
        <ul className="suggestion-list">
          {users.map((user) => (
            <SuggestedUser key={entityId(user) || user.username} user={user} />
          ))}
        </ul>
      )}
    </Widget>
  );
}

export function SuggestedUser({ user }: { user: Suggestion }) {
  const follow = useFollowToggle(entityId(user), { isFollowing: Boolean(user.isFollowing) });
  const username = usernameOf(user);
  const name = displayNameOf(user);
  return (
    <li className="suggestion">
      <Link to={profilePath(username)} className="suggestion__profile">
        <Avatar displayName={user.displayName} seed={user.username} />
        <span className="suggestion__text">
          <span className="suggestion__name">
            <span className="suggestion__name-text">{name}</span>
            {user.isVerified ? <VerifiedBadge size={16} /> : null}
          </span>
          <span className="suggestion__handle">@{username}</span>
        </span>
      </Link>
      <FollowButton
        isFollowing={follow.isFollowing}
        busy={follow.isPending}
        onClick={follow.toggle}
        name={name}
      />
    </li>
  );
}

/** As many rows as the answer brings (the fallback list too), with the rows' own layout. */
function SuggestionsPlaceholder() {
  return (
    <ul className="suggestion-list">
      {Array.from({ length: SUGGESTED_USERS_LIMIT }, (_, index) => (
        <li key={index} className="suggestion">
          <span className="suggestion__profile">
            <span className="avatar avatar--md" />
            <span className="suggestion__text">
              <span className="suggestion__name">&nbsp;</span>
              <span className="suggestion__handle">&nbsp;</span>
            </span>
          </span>
          <span className={buttonClass({ variant: 'inverse', size: 'sm' })}>{tr.follow.follow}</span>
        </li>
      ))}
    </ul>
  );
}
