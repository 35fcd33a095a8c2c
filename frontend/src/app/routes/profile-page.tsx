import { useParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { LoginRequired } from '../../features/auth/components/login-required';
import { ProfileView } from '../../features/profile/components/profile-view';
import { useAuth } from '../../lib/auth';
import { displayNameOf, usernameOf } from '../../lib/format';
import { tr } from '../../locales/tr';

/** /profile/:username — anyone's profile, guests included. */
export function UserProfilePage() {
  const { username = '' } = useParams();
  const { user } = useAuth();
  const own = Boolean(user?.username) && user?.username === username;
  return (
    <>
      <PageHeader
        title={own ? displayNameOf(user) : `@${username}`}
        backLabel={tr.common.backHome}
      />
      <ProfileView
        username={username}
        displayName={own ? user?.displayName : undefined}
        bio={own ? user?.bio : undefined}
      />
    </>
  );
}

/** /profile — the signed-in user's own profile; a login prompt for a guest. */
export function OwnProfilePage() {
  const { user, isAuthenticated } = useAuth();
  if (!isAuthenticated || !user) {
    return (
      <>
        <PageHeader title={tr.profile.title} />
        <LoginRequired />
      </>
    );
  }
  return (
    <>
      <PageHeader title={displayNameOf(user)} />
      <ProfileView username={usernameOf(user)} displayName={displayNameOf(user)} bio={user.bio} />
    </>
  );
}
