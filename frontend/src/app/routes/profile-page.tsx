import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { LoginRequired } from '../../features/auth/components/login-required';
import { UserPosts } from '../../features/posts/components/user-posts';
import type { FollowListKind } from '../../features/profile/api/get-follow-list';
import { FollowListView } from '../../features/profile/components/follow-list-view';
import { ProfileView } from '../../features/profile/components/profile-view';
import { useAuth } from '../../lib/auth';
import { usernameOf } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { trProfile } from '../../locales/tr-profile';

// Asked for only when the member opens their profile editor, which renders it.
const ProfilePictures = lazy(async () => ({ default: (await import('./profile-pictures')).ProfilePictures }));

/** The profile with the posts feature's lists in its tabs (features meet only here). */
function Profile({ username }: { username: string }) {
  return (
    <ProfileView
      key={username}
      username={username}
      posts={<UserPosts key={username} username={username} />}
      replies={<UserPosts key={username} username={username} list="replies" />}
      media={<UserPosts key={username} username={username} list="media" />}
      likes={<UserPosts key={username} username={username} list="likes" />}
      editorPictures={
        <Suspense fallback={null}>
          <ProfilePictures />
        </Suspense>
      }
    />
  );
}

/** /profile/:username — anyone's profile, guests included. */
export function UserProfilePage() {
  const { username = '' } = useParams();
  useDocumentTitle(`@${username}`);
  return <Profile username={username} />;
}

/** /profile — the signed-in user's own profile; a login prompt for a guest. */
export function OwnProfilePage() {
  const { user, isAuthenticated } = useAuth();
  useDocumentTitle(isAuthenticated && user ? `@${usernameOf(user)}` : trProfile.title);
  if (!isAuthenticated || !user) {
    return (
      <>
        <PageHeader title={trProfile.title} />
        <LoginRequired />
      </>
    );
  }
  return <Profile username={usernameOf(user)} />;
}

/** /profile/:username/followers and /following — the member's `Takipçiler` / `Takip edilenler`. */
function FollowListPage({ kind }: { kind: FollowListKind }) {
  const { username = '' } = useParams();
  useDocumentTitle(kind === 'followers' ? trProfile.followersTitle(username) : trProfile.followingTitle(username));
  return <FollowListView username={username} kind={kind} />;
}

export function FollowersPage() {
  return <FollowListPage kind="followers" />;
}

export function FollowingPage() {
  return <FollowListPage kind="following" />;
}
