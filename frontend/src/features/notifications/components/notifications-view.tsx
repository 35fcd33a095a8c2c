import {
  NOTIFICATION_COUNT_CAP,
  type NotificationFilter,
  type NotificationGroup,
  type NotificationType,
} from '@gundem/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { BellIcon, HeartIcon, MessageCircleIcon, PenIcon, QuoteIcon, RepeatIcon, ShieldIcon, UserIcon } from '../../../components/icons';
import { AtSignIcon } from '../../../components/icons-more';
import { LoadFailed } from '../../../components/load-failed';
import { LoadingBlock, Spinner } from '../../../components/spinner';
import { Tabs, type TabItem } from '../../../components/tabs';
import { VerifiedBadge } from '../../../components/verified-badge';
import { errorText } from '../../../lib/api-client';
import { useViewerKey } from '../../../lib/auth';
import { formatFullDate, formatRelativeTime } from '../../../lib/format';
import { postPath, profilePath } from '../../../lib/paths';
import { useNow } from '../../../lib/use-now';
import { useLoadMoreSentinel } from '../../../lib/use-load-more-sentinel';
import { tr } from '../../../locales/tr';
import { trNotifications } from '../../../locales/tr-notifications';
import {
  markAllNotificationsRead,
  markNotificationRead,
  markReadInCache,
  useNotifications,
} from '../api/notifications';
import { setUnreadCount, useUnreadNotificationCount } from '../api/unread-count';
import { useLiveNotifications } from '../hooks/use-live-notifications';
import '../notifications.css';

const TABS: readonly TabItem<NotificationFilter>[] = [
  { id: 'all', label: trNotifications.tabAll },
  { id: 'mentions', label: trNotifications.tabMentions },
  { id: 'verified', label: trNotifications.tabVerified },
];

const EMPTY: Record<NotificationFilter, { title: string; text: string }> = {
  all: { title: trNotifications.empty, text: trNotifications.emptyText },
  mentions: { title: trNotifications.emptyMentions, text: trNotifications.emptyMentionsText },
  verified: { title: trNotifications.emptyVerified, text: trNotifications.emptyVerifiedText },
};

const ICONS: Record<NotificationType, ReactNode> = {
  like: <HeartIcon size={22} fill="currentColor" />,
  follow: <UserIcon size={22} />,
  repost: <RepeatIcon size={22} />,
  reply: <MessageCircleIcon size={22} />,
  mention: <AtSignIcon size={22} />,
  report_resolved: <ShieldIcon size={22} />,
  moderation: <BellIcon size={22} />,
  edit: <PenIcon size={22} />,
  quote: <QuoteIcon size={22} />,
};

/** The member's notices of staff actions (features/moderation). */
const MODERATION_NOTICES_PATH = '/notifications/moderation';

/** Actors shown as avatars, newest first (the server sends at most this many). */
const AVATARS_SHOWN = 3;
/** The post's text under the sentence is cut here (the whole post is a click away). */
const SNIPPET_MAX = 140;

/** "ve Mehmet" (two actors), "ve 3 kişi daha", "ve 999+ kişi daha" at the server's cap; null alone. */
export function othersText(group: Pick<NotificationGroup, 'actors' | 'actorCount'>): string | null {
  const count = Math.max(group.actorCount, group.actors.length);
  if (count <= 1) return null;
  if (count === 2 && group.actors[1]) return `${trNotifications.and}${group.actors[1].displayName}`;
  const others = count >= NOTIFICATION_COUNT_CAP ? `${NOTIFICATION_COUNT_CAP - 1}+` : String(count - 1);
  return trNotifications.andOthers(others);
}

/** The whole line as one sentence: "Ayşe ve 3 kişi daha gönderinizi beğendi". */
export function notificationSentence(group: NotificationGroup): string {
  if (group.type === 'report_resolved') return trNotifications.actions.report_resolved;
  // Staff's action on the member's own account: no actor to name (docs/product.md#moderation-notices).
  if (group.type === 'moderation') return trNotifications.actions.moderation;
  const first = group.actors[0]?.displayName ?? '';
  return `${first}${othersText(group) ?? ''} ${trNotifications.actions[group.type]}`;
}

function snippet(text: string): string {
  const chars = Array.from(text);
  return chars.length > SNIPPET_MAX ? `${chars.slice(0, SNIPPET_MAX - 1).join('')}…` : text;
}

/**
 * The notifications screen of a member (docs/product.md#notifications): grouped lines from the
 * server, one tab per filter, more on scrolling, live while open; a click marks a line read and
 * opens its post (a follow: the follower's profile).
 */
export function NotificationsView() {
  const [tab, setTab] = useState<NotificationFilter>('all');
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  const navigate = useNavigate();
  const unread = useUnreadNotificationCount();
  const query = useNotifications(tab);
  const { data, isPending, isError, error, refetch, hasNextPage, isFetchingNextPage } = query;
  const { fetchNextPage, isFetchNextPageError } = query;
  const [marking, setMarking] = useState(false);
  const now = useNow();
  useLiveNotifications();

  const groups = useMemo(() => data?.pages.flatMap((page) => page.notifications) ?? [], [data]);

  const canLoadMore = Boolean(hasNextPage) && !isFetchingNextPage && !isFetchNextPageError;
  const sentinelRef = useLoadMoreSentinel(canLoadMore, fetchNextPage, '400px');

  const open = (group: NotificationGroup) => {
    if (!group.read) {
      markReadInCache(queryClient, viewer, group.id);
      markNotificationRead(group.id).then(
        (answer) => setUnreadCount(queryClient, viewer, answer.unreadCount),
        (failure) => console.error('Bildirim okundu işaretlenemedi', failure),
      );
    }
    const actor = group.actors[0];
    if (group.type === 'moderation') {
      navigate(MODERATION_NOTICES_PATH);
    } else if (group.type === 'follow' || !group.post) {
      if (actor) navigate(profilePath(actor.username));
    } else {
      navigate(postPath(group.post.id ?? group.post._id));
    }
  };

  // Opening the screen clears the badge, as on X: everything is marked read on the server, whose
  // `notification:read` takes the badge of the member's other tabs to 0 too; again when new ones
  // arrive while it is open. A failure keeps the count and is not retried on this visit (a server
  // that refuses would otherwise be asked in a loop); `Tümünü okundu işaretle` stays for that.
  const autoRead = useRef<'idle' | 'sending' | 'failed'>('idle');
  useEffect(() => {
    if (unread === 0 || autoRead.current !== 'idle') return;
    autoRead.current = 'sending';
    markAllNotificationsRead().then(
      (answer) => {
        autoRead.current = 'idle';
        markReadInCache(queryClient, viewer, null);
        setUnreadCount(queryClient, viewer, answer.unreadCount);
      },
      (failure) => {
        autoRead.current = 'failed';
        console.error('Bildirimler okundu işaretlenemedi', failure);
      },
    );
  }, [unread, queryClient, viewer]);

  const markAll = () => {
    setMarking(true);
    markAllNotificationsRead()
      .then(
        (answer) => {
          markReadInCache(queryClient, viewer, null);
          setUnreadCount(queryClient, viewer, answer.unreadCount);
        },
        (failure) => console.error('Bildirimler okundu işaretlenemedi', failure),
      )
      .finally(() => setMarking(false));
  };

  let body: ReactNode;
  if (isPending) {
    body = <LoadingBlock label={tr.app.loading} />;
  } else if (isError && groups.length === 0) {
    body = (
      <LoadFailed
        title={trNotifications.loadFailed}
        description={errorText(error, '', tr.messages.networkError) || undefined}
        retryLabel={trNotifications.retry}
        onRetry={() => void refetch()}
      />
    );
  } else if (groups.length === 0) {
    body = (
      <EmptyState
        icon={<BellIcon size={32} />}
        title={EMPTY[tab].title}
        description={EMPTY[tab].text}
      />
    );
  } else {
    body = (
      <>
        <ul className="notification-list" aria-label={trNotifications.listLabel}>
          {groups.map((group) => (
            <li key={group.id}>
              <NotificationItem group={group} now={now} onOpen={open} />
            </li>
          ))}
        </ul>
        {hasNextPage ? (
          isFetchNextPageError ? (
            <div className="notifications__more">
              <Button variant="secondary" size="sm" onClick={() => void fetchNextPage()}>
                {trNotifications.retry}
              </Button>
            </div>
          ) : (
            <div ref={sentinelRef} className="notifications__more">
              {isFetchingNextPage ? <Spinner label={trNotifications.loadingMore} size="sm" /> : null}
            </div>
          )
        ) : null}
      </>
    );
  }

  return (
    <div className="notifications">
      <Tabs
        items={TABS}
        value={tab}
        onChange={setTab}
        label={trNotifications.tabsLabel}
        idPrefix="notifications"
      />
      <div
        role="tabpanel"
        id={`notifications-panel-${tab}`}
        aria-labelledby={`notifications-tab-${tab}`}
      >
        <div className="notifications__bar">
          <span className="notifications__count" aria-live="polite">
            {unread > 0 ? trNotifications.unreadCount(unread) : ''}
          </span>
          <Button
            variant="ghost"
            size="sm"
            onClick={markAll}
            disabled={unread === 0 || marking}
            aria-busy={marking || undefined}
          >
            {trNotifications.markAllRead}
          </Button>
        </div>
        {body}
      </div>
    </div>
  );
}

function NotificationItem({
  group,
  now,
  onOpen,
}: {
  group: NotificationGroup;
  now: number;
  onOpen: (group: NotificationGroup) => void;
}) {
  const [first] = group.actors;
  const others = othersText(group);
  return (
    // Spans only: a button may hold phrasing content.
    <button
      type="button"
      className={
        group.read
          ? `notification notification--${group.type}`
          : `notification notification--${group.type} notification--unread`
      }
      data-testid="notification"
      data-read={group.read}
      onClick={() => onOpen(group)}
    >
      <span className="notification__icon" aria-hidden="true">
        {ICONS[group.type]}
      </span>
      <span className="notification__main">
        <span className="notification__head">
          <span className="notification__avatars">
            {(group.type === 'moderation' ? [] : group.actors).slice(0, AVATARS_SHOWN).map((actor) => (
              <Avatar key={actor.id ?? actor._id} displayName={actor.displayName} seed={actor.username} src={actor.profileImage} size="sm" />
            ))}
          </span>
          <time
            className="notification__time"
            dateTime={group.latestAt}
            title={formatFullDate(group.latestAt)}
          >
            {formatRelativeTime(group.latestAt, now)}
          </time>
        </span>
        {group.type === 'moderation' ? (
          <span className="notification__text" data-testid="notification-text">
            <span className="notification__action">{trNotifications.actions.moderation}</span>
          </span>
        ) : (
          <span className="notification__text" data-testid="notification-text">
            {first ? <span className="notification__name">{first.displayName}</span> : null}
            {first?.isVerified ? <VerifiedBadge size={16} /> : null}
            {others ?? ''}
            {first ? ' ' : null}
            <span className="notification__action">{trNotifications.actions[group.type]}</span>
          </span>
        )}
        {group.post?.content ? (
          <span className="notification__post">{snippet(group.post.content)}</span>
        ) : null}
        {group.post?.media?.length && !group.post.sensitive ? (
          // The post's pictures as small thumbnails (issue 24); a sensitive post's stay hidden here.
          <span className="notification__media">
            {group.post.media.slice(0, 4).map((media) => (
              <img
                key={media.id}
                className="notification__thumb"
                src={media.small.url}
                width={media.small.width}
                height={media.small.height}
                alt={media.alt ?? ''}
                loading="lazy"
                decoding="async"
              />
            ))}
          </span>
        ) : null}
      </span>
      {group.read ? null : (
        <span className="notification__dot">
          <span className="visually-hidden">{trNotifications.unread}</span>
        </span>
      )}
    </button>
  );
}
