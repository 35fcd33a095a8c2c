import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { ComposeFab } from '../../features/posts/components/compose-fab';
import { ComposeLauncher } from '../../features/posts/components/compose-launcher';
import { LivePosts } from '../../features/posts/components/live-posts';
import { useAuth } from '../../lib/auth';
import { LAYOUT_QUERIES, useMediaQuery } from '../../lib/use-media-query';
import { tr } from '../../locales/tr';
import { BottomNav } from './bottom-nav';
import { LeftSidebar } from './left-sidebar';
import { MobileHeader } from './mobile-header';
import { RightSidebar } from './right-sidebar';
import { SiteFooter } from './site-footer';

// The keyboard shortcuts (j, k, n, /, ?) and a member's live profile listen from their own chunk,
// asked for once the page has hydrated: they act on a page the reader is already looking at, so a
// guest's first paint does not carry them (the guest `/` JS budget of test/e2e/bundle-budget.test.ts).
// Not rendered on the server nor in the hydrating render, which must match it (renderToString has no Suspense).
const AfterHydration = lazy(async () => ({ default: (await import('./after-hydration')).AfterHydration }));

// The unread count's live upkeep and the title's count: a member's only, so in a chunk of its own
// (issue 26 freed these bytes of a guest's `/` for the `Takip istekleri` entry).
const LiveNotifications = lazy(async () => ({ default: (await import('../../features/notifications/components/live-notifications')).LiveNotifications }));

function LazyAfterHydration() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? (
    <Suspense fallback={null}>
      <AfterHydration />
    </Suspense>
  ) : null;
}

/**
 * The three-column shell: left sidebar, main column, right sidebar. A part is rendered only at
 * the widths where the CSS shows it (lib/use-media-query.ts says why).
 */
export function AppLayout() {
  const { isAuthenticated } = useAuth();
  const wide = useMediaQuery(LAYOUT_QUERIES.rightSidebar);
  const withSidebar = useMediaQuery(LAYOUT_QUERIES.leftSidebar);
  const phone = useMediaQuery(LAYOUT_QUERIES.phone);
  // One compose dialog for the sidebar's `Gönderi`, the phone's floating button and `n`.
  return (
    <ComposeLauncher>
      <div className="app-shell">
        <a href="#main" className="skip-link">
          {tr.nav.skipToContent}
        </a>
        {withSidebar ? <LeftSidebar /> : null}
        <div className="main-column">
          {phone ? <MobileHeader /> : null}
          <main className="main-column__content" id="main" tabIndex={-1}>
            <Outlet />
          </main>
          <SiteFooter className="main-column__footer" showVersion />
        </div>
        {wide ? <RightSidebar /> : null}
        {phone ? <BottomNav /> : null}
        {phone ? <ComposeFab /> : null}
        <LazyAfterHydration />
        <LivePosts />
        {isAuthenticated ? (
          <Suspense fallback={null}>
            <LiveNotifications />
          </Suspense>
        ) : null}
      </div>
    </ComposeLauncher>
  );
}
