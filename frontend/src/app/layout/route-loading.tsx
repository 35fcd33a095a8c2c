import { Suspense, type ReactNode } from 'react';
import { Spinner } from '../../components/spinner';
import { tr } from '../../locales/tr';

/**
 * What a lazily loaded screen shows while its code arrives: a spinner in a box as tall as the
 * viewport, so the footer under the main column stays out of sight instead of jumping down when
 * the screen appears (issue 13: no layout shift when data arrives).
 */
export function RouteLoading() {
  return (
    <div className="route-loading">
      <Spinner size="lg" label={tr.app.loading} />
    </div>
  );
}

/** A route's screen from its own chunk, with the reserved-space fallback above. */
export function LazyScreen({ children }: { children: ReactNode }) {
  return <Suspense fallback={<RouteLoading />}>{children}</Suspense>;
}
