import { useMemo, useState, type ReactNode } from 'react';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import {
  AtSignIcon,
  BellIcon,
  HeartIcon,
  MessageCircleIcon,
  RepeatIcon,
  UserIcon,
} from '../../../components/icons';
import { LoadingBlock } from '../../../components/spinner';
import { Tabs, type TabItem } from '../../../components/tabs';
import { VerifiedBadge } from '../../../components/verified-badge';
import { formatFullDate, formatRelativeTime } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { tr } from '../../../locales/tr';
import {
  useSampleNotifications,
  type AppNotification,
  type NotificationType,
} from '../api/sample-notifications';
import '../notifications.css';

type NotificationTab = 'all' | 'mentions' | 'verified';

const TABS: readonly TabItem<NotificationTab>[] = [
  { id: 'all', label: tr.notifications.tabAll },
  { id: 'mentions', label: tr.notifications.tabMentions },
  { id: 'verified', label: tr.notifications.tabVerified },
];

const FILTERS: Record<NotificationTab, (item: AppNotification) => boolean> = {
  all: () => true,
  // A reply speaks to you as much as a mention does.
  mentions: (item) => item.type === 'mention' || item.type === 'reply',
  verified: (item) => item.user.isVerified,
};

const EMPTY: Record<NotificationTab, { title: string; text: string }> = {
  all: { title: tr.notifications.empty, text: tr.notifications.emptyText },
  mentions: { title: tr.notifications.emptyMentions, text: tr.notifications.emptyMentionsText },
  verified: { title: tr.notifications.emptyVerified, text: tr.notifications.emptyVerifiedText },
};

const ICONS: Record<NotificationType, ReactNode> = {
  like: <HeartIcon size={22} fill="currentColor" />,
  follow: <UserIcon size={22} />,
  retweet: <RepeatIcon size={22} />,
  reply: <MessageCircleIcon size={22} />,
  mention: <AtSignIcon size={22} />,
};

/**
 * The notifications screen (docs/product.md#notifications): sample data after a fake 500 ms delay, tabs (all,
 * mentions, verified), mark-all-read, and a click marks one read.
 */
export function NotificationsView() {
  const { notifications, openedAt, markRead, markAllRead } = useSampleNotifications();
  const [tab, setTab] = useState<NotificationTab>('all');
  const clock = useNow();
  const now = Math.max(clock, openedAt);
  const shown = useMemo(() => (notifications ?? []).filter(FILTERS[tab]), [notifications, tab]);
  const unread = notifications?.filter((item) => !item.isRead).length ?? 0;

  return (
    <div className="notifications">
      <Tabs
        items={TABS}
        value={tab}
        onChange={setTab}
        label={tr.notifications.tabsLabel}
        idPrefix="notifications"
      />
      <div
        role="tabpanel"
        id={`notifications-panel-${tab}`}
        aria-labelledby={`notifications-tab-${tab}`}
      >
        {notifications === null ? (
          <LoadingBlock label={tr.app.loading} />
        ) : (
          <>
            <div className="notifications__bar">
              <span className="notifications__count" aria-live="polite">
                {unread > 0 ? tr.notifications.unreadCount(unread) : ''}
              </span>
              <Button variant="ghost" size="sm" onClick={markAllRead} disabled={unread === 0}>
                {tr.notifications.markAllRead}
              </Button>
            </div>
            {shown.length === 0 ? (
              <EmptyState
                icon={<BellIcon size={32} />}
                title={EMPTY[tab].title}
                description={EMPTY[tab].text}
              />
            ) : (
              <ul className="notification-list" aria-label={tr.notifications.listLabel}>
                {shown.map((item) => (
                  <li key={item.id}>
                    <NotificationItem item={item} now={now} onRead={markRead} />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </div>
  );
}

function NotificationItem({
  item,
  now,
  onRead,
}: {
  item: AppNotification;
  now: number;
  onRead: (id: string) => void;
}) {
  const { user } = item;
  return (
    // Spans only: a button may hold phrasing content.
    <button
      type="button"
      className={
        item.isRead
          ? `notification notification--${item.type}`
          : `notification notification--${item.type} notification--unread`
      }
      data-testid="notification"
      data-read={item.isRead}
      onClick={() => onRead(item.id)}
    >
      <span className="notification__icon" aria-hidden="true">
        {ICONS[item.type]}
      </span>
      <span className="notification__main">
        <span className="notification__head">
          <Avatar displayName={user.displayName} seed={user.username} size="sm" />
          <time
            className="notification__time"
            dateTime={item.timestamp}
            title={formatFullDate(item.timestamp)}
          >
            {formatRelativeTime(item.timestamp, 'short', now)}
          </time>
        </span>
        <span className="notification__text">
          <span className="notification__name">{user.displayName}</span>
          {user.isVerified ? <VerifiedBadge size={16} /> : null}{' '}
          <span className="notification__action">{tr.notifications.actions[item.type]}</span>
        </span>
        {item.content ? <span className="notification__content">{item.content}</span> : null}
        {item.post ? <span className="notification__post">{item.post}</span> : null}
      </span>
      {item.isRead ? null : (
        <span className="notification__dot">
          <span className="visually-hidden">{tr.notifications.unread}</span>
        </span>
      )}
    </button>
  );
}
