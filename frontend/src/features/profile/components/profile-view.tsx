import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Avatar } from '../../../components/avatar';
import { Button, buttonClass } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { FollowButton } from '../../../components/follow-button';
import { ReportDialog } from '../../../components/report-dialog';
import { trReport } from '../../../locales/tr-report';
import { AlertCircleIcon, MailIcon, SearchIcon } from '../../../components/icons';
import { CalendarIcon, LinkIcon, LockIcon, MapPinIcon } from '../../../components/icons-more';
import { LoadFailed } from '../../../components/load-failed';
import { PageHeader } from '../../../components/page-header';
import { LoadingBlock } from '../../../components/spinner';
import { Tabs, type TabItem } from '../../../components/tabs';
import { VerifiedBadge } from '../../../components/verified-badge';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useFollowStatus, useFollowToggle } from '../../../lib/follow';
import { displayNameOf, formatCount, formatMonthYear } from '../../../lib/format';
import { followListPath, messagesPath } from '../../../lib/paths';
import { entityId, type User } from '../../../lib/types';
import { tr } from '../../../locales/tr';
import { trProfile } from '../../../locales/tr-profile';
import { useProfile } from '../api/get-profile';
import { trBlock } from '../../../locales/tr-block';
import { ListsHiddenNotice } from './lists-hidden-notice';
import { FollowRequestButton } from './follow-request-button';
import { websiteLink } from '../profile-fields';
import { ProfileMenu } from './profile-menu';
import '../profile.css';

// The editor (its form, checks and texts) comes with the first `Profili düzenle`: most visits
// to a profile, the own one included, never open it.
const ProfileEditor = lazy(async () => ({ default: (await import('./profile-editor')).ProfileEditor }));

type ProfileTab = 'posts' | 'replies' | 'media' | 'likes';

const TABS: readonly TabItem<ProfileTab>[] = [
  { id: 'posts', label: trProfile.tabPosts },
  { id: 'replies', label: trProfile.tabReplies },
  { id: 'media', label: trProfile.tabMedia },
  { id: 'likes', label: trProfile.tabLikes },
];

/**
 * The selected tab lives in the URL (`/profile/ayse?tab=likes`; none for the posts tab), so a
 * reload, a shared link and the way back from a post keep it. Switching tabs replaces the entry
 * rather than adding one: Back leaves the profile, as it does from the explore tabs.
 */
function tabOf(value: string | null): ProfileTab {
  return TABS.find((item) => item.id === value)?.id ?? 'posts';
}

/** The lists of the tabs backed by data (the app composes them from the posts feature). */
export interface ProfileLists {
  /** The member's posts and replies. */
  posts: ReactNode;
  /** Their replies, each with its reply context. */
  replies: ReactNode;
  /** Their posts and replies with pictures (issue 24). */
  media: ReactNode;
  /** The posts they liked, newest like first. */
  likes: ReactNode;
}

export interface ProfileViewProps extends ProfileLists {
  username: string;
  /** The avatar and header pickers shown in the own profile's editor (app/ passes the settings feature's). */
  editorPictures?: ReactNode;
}

/** A profile: header with the counts and the follow button, then the tabs. */
export function ProfileView({ username, editorPictures, ...lists }: ProfileViewProps) {
  const { user: viewer } = useAuth();
  const query = useProfile(username);
  const own = Boolean(viewer?.username) && viewer?.username === username;
  const user = query.data;

  const title = user ? displayNameOf(user) : own ? displayNameOf(viewer) : `@${username}`;
  const subtitle =
    user && typeof user.postsCount === 'number'
      ? trProfile.postsCount(formatCount(user.postsCount))
      : undefined;

  let body: ReactNode;
  if (query.isPending) {
    body = <LoadingBlock label={tr.app.loading} />;
  } else if (!user) {
    const error = query.error;
    body =
      error instanceof ApiError && error.status === 404 ? (
        <EmptyState
          icon={<SearchIcon size={32} />}
          title={trProfile.notFound}
          description={trProfile.notFoundText}
        />
      ) : (
        <LoadFailed
          title={trProfile.loadFailed}
          retryLabel={tr.posts.retry}
          onRetry={() => void query.refetch()}
        />
      );
  } else {
    body = <ProfileBody key={entityId(user) || username} user={user} own={own} lists={lists} editorPictures={editorPictures} />;
  }

  return (
    <>
      <PageHeader title={title} subtitle={subtitle} backLabel={tr.common.backHome} />
      {body}
    </>
  );
}

function ProfileBody({ user: loaded, own, lists, editorPictures }: { user: User; own: boolean; lists: ProfileLists; editorPictures?: ReactNode }) {
  const { user: viewer, isAuthenticated } = useAuth();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const setTab = (next: ProfileTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'posts') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  const [editing, setEditing] = useState(false);
  // The own profile as the session has it: a save, a picture changed in the settings or another
  // tab's change (`profile:updated`) shows here at once.
  const user = own && viewer ? { ...loaded, displayName: viewer.displayName, bio: viewer.bio, location: viewer.location, website: viewer.website, profileImage: viewer.profileImage, coverImage: viewer.coverImage } : loaded;
  const userId = entityId(user);
  // The profile answer carries `isFollowing`; ask separately only when it does not.
  const status = useFollowStatus(userId, !own && user.isFollowing === undefined);
  const [reporting, setReporting] = useState(false);
  const follow = useFollowToggle(userId, {
    isFollowing: user.isFollowing ?? status.data?.isFollowing ?? false,
    followersCount: user.followersCount ?? 0,
  });

  const { bio, profileImage, coverImage } = user;
  const website = user.website ? websiteLink(user.website) : null;
  const name = displayNameOf(user);
  const joined = formatMonthYear(user.createdAt);
  // The viewer blocks this account (issue 25): no follow or message button, the menu undoes it.
  const blocking = !own && user.blocking === true;
  // `publicProfile` off (issue 26): the server answers the lists with a 403; say so instead of asking.
  const listsHidden = !own && user.listsHidden === true;
  // A protected account (issue 26) the viewer does not follow: a follow is a request, and its
  // posts, replies and likes are not shown (the server sends none either).
  const asks = !own && user.protected === true && !follow.isFollowing;

  return (
    <section className="profile" aria-label={name}>
      <div className="profile__cover" data-testid="profile-cover">
        {coverImage ? <img className="profile__cover-image" src={coverImage} alt="" decoding="async" /> : null}
      </div>
      <div className="profile__body">
        <div className="profile__top">
          <Avatar
            displayName={user.displayName}
            seed={user.username}
            size="xl"
            src={profileImage}
            className="profile__avatar"
          />
          <div className="profile__actions">
            {own ? (
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)} aria-haspopup="dialog">
                {trProfile.editProfile}
              </Button>
            ) : (
              <>
                {isAuthenticated && userId && user.username ? <ProfileMenu user={{ id: userId, username: user.username }} blocking={blocking} muting={user.muting === true} /> : null}
                {/* The conversation lives on the messages screen: link there, it opens it. */}
                {isAuthenticated && user.username && !blocking && user.canMessage === false ? (
                  // Refused before typing (issue 26): the button stays, disabled, and the reason is said below the handle.
                  <Button variant="secondary" size="md" disabled aria-describedby="profile-message-refusal">
                    <MailIcon size={18} />
                    <span>{trProfile.message}</span>
                  </Button>
                ) : isAuthenticated && user.username && !blocking ? (
                  <Link
                    to={messagesPath(user.username)}
                    className={buttonClass({ variant: 'secondary', size: 'md' })}
                    title={trProfile.messageLabel(name)}
                  >
                    <MailIcon size={18} />
                    <span>{trProfile.message}</span>
                  </Link>
                ) : null}
                {blocking ? null : asks ? (
                  <FollowRequestButton userId={userId} name={name} requested={user.followRequested === true} />
                ) : (
                  <FollowButton
                    size="md"
                    isFollowing={follow.isFollowing}
                    busy={follow.isPending}
                    onClick={follow.toggle}
                    name={name}
                  />
                )}
                {isAuthenticated && user.username ? (
                  <Button
                    variant="ghost"
                    size="md"
                    aria-label={trReport.reportAccount(user.username)}
                    title={trReport.reportAccount(user.username)}
                    onClick={() => setReporting(true)}
                  >
                    <AlertCircleIcon size={18} />
                    <span>{trReport.menuItem}</span>
                  </Button>
                ) : null}
                {reporting && user.username ? (
                  <ReportDialog targetType="account" targetId={userId} account={{ username: user.username }} onClose={() => setReporting(false)} />
                ) : null}
              </>
            )}
          </div>
        </div>
        <h2 className="profile__name">
          <span>{name}</span>
          {user.isVerified ? <VerifiedBadge size={20} /> : null}
          {user.protected ? <LockIcon size={18} title={trProfile.protectedLabel} className="profile__lock" /> : null}
        </h2>
        <p className="profile__handle">@{user.username}</p>
        {blocking ? <p className="profile__blocked">{trBlock.youBlocked}</p> : null}
        {!own && !blocking && user.canMessage === false ? (
          <p className="profile__message-refusal" id="profile-message-refusal" data-testid="message-refusal">
            {trProfile.messageRefusal[user.messageRefusal ?? 'unavailable']}
          </p>
        ) : null}
        {own && editing ? (
          <Suspense fallback={<LoadingBlock label={trProfile.editorLoading} />}>
            <ProfileEditor user={user} pictures={editorPictures} onClose={() => setEditing(false)} />
          </Suspense>
        ) : null}
        {bio ? <p className="profile__bio">{bio}</p> : null}
        <ul className="profile__meta">
          {user.location ? (
            <li>
              <MapPinIcon size={17} title={trProfile.location} />
              <span>{user.location}</span>
            </li>
          ) : null}
          {user.website ? (
            <li>
              <LinkIcon size={17} title={trProfile.website} />
              {/* Only an http(s) address is a link; it opens apart from the app, telling the
                  site nothing of the page (noopener, noreferrer) and vouching for nothing
                  (nofollow, ugc: the member wrote it). */}
              {website ? (
                <a href={website.href} className="post-link" target="_blank" rel="noopener noreferrer nofollow ugc">
                  {website.label}
                </a>
              ) : (
                <span>{user.website}</span>
              )}
            </li>
          ) : null}
          {joined ? (
            <li>
              <CalendarIcon size={17} />
              <span>{trProfile.joined(joined)}</span>
            </li>
          ) : null}
        </ul>
        <p className="profile__counts">
          <CountLink hidden={listsHidden} to={followListPath(user.username, 'following')}>
            <strong data-testid="following-count">
              {formatCount(user.followingCount ?? 0)}
            </strong>{' '}
            {trProfile.following}
          </CountLink>
          <CountLink hidden={listsHidden} to={followListPath(user.username, 'followers')}>
            <strong data-testid="followers-count">
              {formatCount(own ? (user.followersCount ?? 0) : follow.followersCount)}
            </strong>{' '}
            {trProfile.followers}
          </CountLink>
        </p>
      </div>
      {asks ? (
        <EmptyState
          icon={<LockIcon size={32} />}
          title={trProfile.protectedTitle}
          description={trProfile.protectedText(user.username)}
        />
      ) : (
        <>
          <Tabs
            items={TABS}
            value={tab}
            onChange={setTab}
            label={trProfile.tabsLabel}
            idPrefix="profile"
          />
          <div role="tabpanel" id={`profile-panel-${tab}`} aria-labelledby={`profile-tab-${tab}`}>
            {tab === 'likes' && listsHidden ? <ListsHiddenNotice /> : lists[tab]}
          </div>
        </>
      )}
    </section>
  );
}

/** A count of the header: a link to its list, or plain text when the lists are hidden (the counts stay, as on X). */
function CountLink({ hidden, to, children }: { hidden: boolean; to: string; children: ReactNode }) {
  if (hidden) return <span className="profile__count-link">{children}</span>;
  return (
    <Link className="profile__count-link" to={to}>
      {children}
    </Link>
  );
}
