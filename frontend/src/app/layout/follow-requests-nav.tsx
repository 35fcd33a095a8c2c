import { lazy, Suspense } from 'react';

const Badge = lazy(async () => ({ default: (await import('../routes/follow-requests-page')).FollowRequestsBadge }));

/** The `Takip istekleri` badge (issue 26), in the screen's chunk: a guest's `/` carries none of it. */
export function FollowRequestsNavBadge() {
  return (
    <Suspense fallback={null}>
      <Badge />
    </Suspense>
  );
}
