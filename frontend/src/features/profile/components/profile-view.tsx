import { Avatar } from '../../../components/avatar';
import { tr } from '../../../locales/tr';

export interface ProfileViewProps {
  username: string;
  /** Known for the own profile; another user's profile is loaded by a later issue. */
  displayName?: string;
  bio?: string;
}

/** Profile header and tabs; for now the header frame with what is already known. */
export function ProfileView({ username, displayName, bio }: ProfileViewProps) {
  return (
    <section className="profile-view" aria-label={tr.profile.title}>
      <div className="profile-view__cover" />
      <div className="profile-view__body">
        <Avatar
          displayName={displayName || username}
          seed={username}
          size="xl"
          className="profile-view__avatar"
        />
        <h2 className="profile-view__name">{displayName || username}</h2>
        <p className="profile-view__handle">@{username}</p>
        {bio ? <p className="profile-view__bio">{bio}</p> : null}
        <p className="profile-view__soon">{tr.profile.placeholder}</p>
      </div>
    </section>
  );
}
