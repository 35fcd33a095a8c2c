import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../lib/auth';
import { useFollowToggle } from '../lib/follow';
import { profilePath } from '../lib/paths';
import { entityId } from '../lib/types';
import { Avatar } from './avatar';
import { FollowButton } from './follow-button';
import { ProtectedBadge } from './protected-badge';
import { VerifiedBadge } from './verified-badge';
import './list-row.css';
import './account-row.css';

export interface AccountRowProps {
  username: string;
  displayName: string;
  isVerified?: boolean;
  /** A protected account (issue 26): the lock after the name. */
  protected?: boolean;
  /** The avatar's URL (the initial letter without it). */
  profileImage?: string | null;
  /** Shown under the handle when given. */
  bio?: string;
  /** At the end of the row: a follow button. */
  action?: ReactNode;
}

/** One person in a list of people: avatar and name linking to the profile, handle, bio, an action. */
export function AccountRow({ username, displayName, isVerified, protected: isProtected, profileImage, bio, action }: AccountRowProps) {
  return (
    <li className="list-row account-row">
      <Link
        to={profilePath(username)}
        className="account-row__avatar"
        tabIndex={-1}
        aria-hidden="true"
      >
        <Avatar displayName={displayName} seed={username} src={profileImage} />
      </Link>
      <div className="account-row__text">
        <Link to={profilePath(username)} className="account-row__name">
          {displayName}
          {isVerified ? <VerifiedBadge size={16} /> : null}
          {isProtected ? <ProtectedBadge size={14} /> : null}
        </Link>
        <span className="account-row__handle">@{username}</span>
        {bio ? <p className="account-row__bio">{bio}</p> : null}
      </div>
      {action}
    </li>
  );
}

export interface PersonRowProps {
  user: {
    _id?: string;
    id?: string;
    username: string;
    displayName: string;
    isVerified?: boolean;
    profileImage?: string | null;
    bio?: string;
    isFollowing?: boolean;
    /** Issue 26: the lock, and a follow is a request. */
    protected?: boolean;
    /** The viewer's request to this protected account is pending: `İstek gönderildi`. */
    followRequested?: boolean;
  };
  showBio?: boolean;
}

/**
 * A person the server sent, with a working follow button (none on the viewer's own row); a
 * guest's click opens the login dialog (lib/follow.ts).
 */
export function PersonRow({ user, showBio }: PersonRowProps) {
  const { user: viewer } = useAuth();
  const id = entityId(user);
  const follow = useFollowToggle(id, { isFollowing: Boolean(user.isFollowing), requested: Boolean(user.followRequested) }, { protected: user.protected });
  const own = Boolean(viewer) && entityId(viewer) === id;
  return (
    <AccountRow
      username={user.username}
      displayName={user.displayName}
      isVerified={user.isVerified}
      protected={user.protected}
      profileImage={user.profileImage}
      bio={showBio ? user.bio : undefined}
      action={
        own ? null : (
          <FollowButton
            isFollowing={follow.isFollowing}
            requested={follow.requested}
            busy={follow.isPending}
            onClick={follow.toggle}
            name={user.displayName}
          />
        )
      }
    />
  );
}
