import { lazy, Suspense, type ComponentType } from 'react';

/** A nav badge whose code comes in its own chunk (a guest's `/`, which shows no badge, carries none of it). */
function lazyBadge(load: () => Promise<ComponentType>): ComponentType {
  const Badge = lazy(async () => ({ default: await load() }));
  return function LazyBadge() {
    return (
      <Suspense fallback={null}>
        <Badge />
      </Suspense>
    );
  };
}

/** The `Takip istekleri` badge (issue 26), with its screen's chunk. */
export const FollowRequestsNavBadge = lazyBadge(async () => (await import('../routes/follow-requests-page')).FollowRequestsBadge);

/** The Mesajlar badge: moved out of the entry by issue 26 to make room for the entry above. */
export const MessagesNavBadge = lazyBadge(async () => (await import('../../features/messages/components/messages-badge')).MessagesBadge);

/** The Bildirimler badge: likewise. */
export const NotificationsNavBadge = lazyBadge(async () => (await import('../../features/notifications/components/notifications-badge')).NotificationsBadge);
