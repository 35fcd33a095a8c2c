import { useId, type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { SettingsIcon, ShieldIcon } from '../../../components/icons';
import { ActivityIcon, CheckCircleIcon, ChevronRightIcon, ExternalLinkIcon, FileTextIcon, ImageIcon, UsersIcon } from '../../../components/icons-more';
import { SectionHead } from '../../../components/section-head';
import { LoadingBlock } from '../../../components/spinner';
import { VerifiedBadge } from '../../../components/verified-badge';
import { useAuth } from '../../../lib/auth';
import { displayNameOf, formatRelativeTime, truncate, usernameOf } from '../../../lib/format';
import { postPath } from '../../../lib/paths';
import { entityId, type Post, type User } from '../../../lib/types';
import { trAdmin } from '../../../locales/tr-admin';
import { formatBytes, formatCount, formatDateTime } from '../admin-format';
import { useDashboard, ZERO_STATISTICS } from '../api/get-dashboard';
import { authorOf } from '../../../lib/post-fields';

/** docs/product.md#limits-and-timings: post previews on the dashboard are cut at 100 characters. */
export const DASHBOARD_PREVIEW_LENGTH = 100;

function StatCard({
  label,
  value,
  text,
  icon,
  tone,
  estimated,
  note,
}: {
  label: string;
  value: number;
  /** Shown instead of the count (the stored bytes: "1,2 MB"). */
  text?: string;
  /** The server's estimate of a big total: shown as "~12.345". */
  estimated?: boolean;
  /** A line under the value (the media figure's age). */
  note?: ReactNode;
  icon: ReactNode;
  tone: 'brand' | 'blue' | 'green' | 'violet' | 'orange' | 'teal';
}) {
  return (
    <li className={`admin-stat admin-stat--${tone}${note ? ' admin-stat--noted' : ''}`}>
      <span className="admin-stat__icon">{icon}</span>
      <span className="admin-stat__label">{label}</span>
      <span className="admin-stat__value" data-testid="admin-stat-value">
        {text ?? formatCount(value, estimated)}
      </span>
      {note ? (
        <span className="admin-stat__note" data-testid="admin-stat-note">
          {note}
        </span>
      ) : null}
    </li>
  );
}

/**
 * How old the media totals are: the server measures the store now and then (again once the figure
 * is 10 minutes old, docs/architecture.md#media), so "1,2 MB" alone could read as live. Null
 * before the server's first measurement; no line for a server that sends no `measuredAt`.
 */
function measuredNote(at: string | null | undefined): ReactNode {
  if (at === undefined) return undefined;
  if (at === null) return trAdmin.mediaNotMeasured;
  const ago = formatRelativeTime(at);
  if (!ago) return undefined;
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {Date.now() - Date.parse(at) < 60_000 ? trAdmin.mediaMeasuredJustNow : trAdmin.mediaMeasuredAgo(ago)}
    </time>
  );
}

function RecentUser({ user }: { user: User }) {
  return (
    <li className="admin-recent">
      <Avatar displayName={user.displayName} seed={user.username} src={user.profileImage} size="md" />
      <div className="admin-recent__main">
        <span className="admin-recent__name">
          <span className="admin-ellipsis">{displayNameOf(user)}</span>
          {user.isVerified ? <VerifiedBadge size={16} /> : null}
        </span>
        <span className="admin-recent__meta admin-ellipsis">@{usernameOf(user)}</span>
      </div>
      <time
        className="admin-recent__time"
        dateTime={user.createdAt}
        title={formatDateTime(user.createdAt)}
      >
        {formatRelativeTime(user.createdAt)}
      </time>
    </li>
  );
}

function RecentPost({ post }: { post: Post }) {
  const author = authorOf(post);
  const id = entityId(post);
  return (
    <li className="admin-recent admin-recent--post">
      <Avatar displayName={author?.displayName} seed={author?.username} src={author?.profileImage} size="md" />
      <div className="admin-recent__main">
        <span className="admin-recent__name">
          <span className="admin-ellipsis">{displayNameOf(author)}</span>
          {author?.isVerified ? <VerifiedBadge size={16} /> : null}
          <span className="admin-recent__meta admin-ellipsis">@{usernameOf(author)}</span>
        </span>
        <p className="admin-recent__content" data-testid="admin-post-preview">
          {truncate(post.content ?? '', DASHBOARD_PREVIEW_LENGTH)}
        </p>
      </div>
      <div className="admin-recent__side">
        <time
          className="admin-recent__time"
          dateTime={post.createdAt}
          title={formatDateTime(post.createdAt)}
        >
          {formatRelativeTime(post.createdAt)}
        </time>
        {id ? (
          <a
            href={postPath(id)}
            target="_blank"
            rel="noopener noreferrer"
            className="icon-button admin-recent__open"
            aria-label={trAdmin.viewPostLabel}
            title={trAdmin.viewPostLabel}
          >
            <ExternalLinkIcon size={16} />
          </a>
        ) : null}
      </div>
    </li>
  );
}

function Panel({
  title,
  link,
  children,
}: {
  title: string;
  link: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section className="admin-panel" aria-label={title}>
      <header className="admin-panel__header">
        <h2 className="admin-panel__title">{title}</h2>
        <Link to={link.to} className="admin-panel__link">
          {link.label}
        </Link>
      </header>
      {children}
    </section>
  );
}

export function AdminDashboard() {
  const { user } = useAuth();
  const { data, isPending, isError, isFetching, refetch } = useDashboard();
  const isAdmin = user?.role === 'admin';
  const actionsTitleId = useId();

  if (isPending) {
    return (
      <section className="admin-section">
        <h1 className="admin-section__title">{trAdmin.dashboard}</h1>
        <LoadingBlock label={trAdmin.dashboardLoading} />
      </section>
    );
  }

  // docs/product.md#error-texts: a failed call still shows the cards, all at zero.
  const statistics = data?.statistics ?? ZERO_STATISTICS;
  const media = statistics.media ?? ZERO_STATISTICS.media;
  const recentUsers = data?.recentUsers ?? [];
  const recentPosts = data?.recentPosts ?? [];

  const actions = [
    {
      to: '/admin/users',
      title: trAdmin.manageUsers,
      text: trAdmin.manageUsersText,
      icon: <UsersIcon size={22} />,
    },
    {
      to: '/admin/posts',
      title: trAdmin.managePosts,
      text: trAdmin.managePostsText,
      icon: <FileTextIcon size={22} />,
    },
    ...(isAdmin
      ? [
          {
            to: '/admin/settings',
            title: trAdmin.manageSettings,
            text: trAdmin.manageSettingsText,
            icon: <SettingsIcon size={22} />,
          },
        ]
      : []),
  ];

  // The age of the media figure, on both of its cards; none when the call failed (those zeros are no measurement).
  const measured = measuredNote(data?.statistics?.media?.measuredAt);

  // Estimated totals are marked "~" (users.total, users.active and posts.total).
  const stats: ComponentProps<typeof StatCard>[] = [
    { label: trAdmin.statUsersTotal, value: statistics.users.total, estimated: statistics.estimated, icon: <UsersIcon size={20} />, tone: 'blue' },
    { label: trAdmin.statUsersVerified, value: statistics.users.verified, icon: <CheckCircleIcon size={20} />, tone: 'teal' },
    { label: trAdmin.statUsersActive, value: statistics.users.active, estimated: statistics.estimated, icon: <ActivityIcon size={20} />, tone: 'green' },
    { label: trAdmin.statUsersAdmins, value: statistics.users.admins, icon: <ShieldIcon size={20} />, tone: 'violet' },
    { label: trAdmin.statPostsTotal, value: statistics.posts.total, estimated: statistics.estimated, icon: <FileTextIcon size={20} />, tone: 'brand' },
    { label: trAdmin.statPostsToday, value: statistics.posts.today, icon: <FileTextIcon size={20} />, tone: 'orange' },
    // Older servers send no `media`: zero, as a failed dashboard shows.
    { label: trAdmin.statMediaFiles, value: media.files, note: measured, icon: <ImageIcon size={20} />, tone: 'teal' },
    { label: trAdmin.statMediaBytes, value: media.bytes, text: formatBytes(media.bytes), note: measured, icon: <ImageIcon size={20} />, tone: 'violet' },
  ];

  return (
    <section className="admin-section">
      <SectionHead title={trAdmin.dashboard} intro={trAdmin.dashboardIntro} />

      {isError ? (
        <div role="alert" className="admin-notice">
          <span>{trAdmin.dashboardFailed}</span>
          <Button variant="secondary" size="sm" onClick={() => refetch()} disabled={isFetching}>
            {trAdmin.retry}
          </Button>
        </div>
      ) : null}

      <ul className="admin-stats" aria-label={trAdmin.statsLabel}>
        {stats.map((stat) => (
          <StatCard key={stat.label} {...stat} />
        ))}
      </ul>

      <div className="admin-panels">
        <Panel title={trAdmin.recentUsers} link={{ to: '/admin/users', label: trAdmin.viewAll }}>
          {recentUsers.length ? (
            <ul className="admin-recent-list">
              {recentUsers.map((item, index) => (
                <RecentUser key={entityId(item) || item.username || index} user={item} />
              ))}
            </ul>
          ) : (
            <p className="admin-panel__empty">{trAdmin.noRecentUsers}</p>
          )}
        </Panel>
        <Panel title={trAdmin.recentPosts} link={{ to: '/admin/posts', label: trAdmin.viewAll }}>
          {recentPosts.length ? (
            <ul className="admin-recent-list">
              {recentPosts.map((post, index) => (
                <RecentPost key={entityId(post) || index} post={post} />
              ))}
            </ul>
          ) : (
            <p className="admin-panel__empty">{trAdmin.noRecentPosts}</p>
          )}
        </Panel>
      </div>

      <section className="admin-actions" aria-labelledby={actionsTitleId}>
        <h2 id={actionsTitleId} className="admin-panel__title">
          {trAdmin.quickActions}
        </h2>
        <ul className="admin-actions__list">
          {actions.map((action) => (
            <li key={action.to}>
              <Link to={action.to} className="admin-action">
                <span className="admin-action__icon">{action.icon}</span>
                <span className="admin-action__text">
                  <span className="admin-action__title">{action.title}</span>
                  <span className="admin-action__desc">{action.text}</span>
                </span>
                <ChevronRightIcon size={18} />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}
