// The notifications screen shows hard-coded sample data after a fake delay (docs/product.md#notifications): there
// is no server source. Read state is local to the screen.
import { useCallback, useEffect, useState } from 'react';
import { tr } from '../../../locales/tr';

export type NotificationType = 'like' | 'follow' | 'retweet' | 'reply' | 'mention';

export interface NotificationUser {
  username: string;
  displayName: string;
  isVerified: boolean;
}

/** The notification of docs/product.md#entities. */
export interface AppNotification {
  id: string;
  type: NotificationType;
  user: NotificationUser;
  /** What they wrote (a reply or a mention); empty otherwise. */
  content: string;
  /** The viewer's post it is about; empty for a follow or a mention. */
  post: string;
  timestamp: string;
  isRead: boolean;
}

/** docs/product.md#limits-and-timings: the fake delay before the sample notifications appear. */
export const SAMPLE_DELAY_MS = 500;

/** The sample list, its times counted back from `now`. */
export function buildSampleNotifications(now: number = Date.now()): AppNotification[] {
  return tr.samples.notifications.map((sample) => ({
    id: sample.id,
    type: sample.type,
    user: { ...sample.user },
    content: sample.content,
    post: sample.post,
    timestamp: new Date(now - sample.ageSeconds * 1000).toISOString(),
    isRead: sample.isRead,
  }));
}

/** The sample notifications (null while "loading") with local read toggles. */
export function useSampleNotifications() {
  const [notifications, setNotifications] = useState<AppNotification[] | null>(null);
  // Times count back from when the screen opened; the screen's clock never runs behind this.
  const [openedAt] = useState(() => Date.now());

  useEffect(() => {
    const timer = setTimeout(
      () => setNotifications(buildSampleNotifications(openedAt)),
      SAMPLE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [openedAt]);

  const markRead = useCallback((id: string) => {
    setNotifications((current) =>
      current
        ? current.map((item) => (item.id === id && !item.isRead ? { ...item, isRead: true } : item))
        : current,
    );
  }, []);

  const markAllRead = useCallback(() => {
    setNotifications((current) =>
      current ? current.map((item) => (item.isRead ? item : { ...item, isRead: true })) : current,
    );
  }, []);

  return { notifications, openedAt, markRead, markAllRead };
}
