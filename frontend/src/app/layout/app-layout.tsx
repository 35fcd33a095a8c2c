import { Outlet } from 'react-router-dom';
import { LiveNotifications } from '../../features/notifications/components/live-notifications';
import { ComposeFab } from '../../features/posts/components/compose-fab';
import { ComposeLauncher } from '../../features/posts/components/compose-launcher';
import { FeedShortcuts } from '../../features/posts/components/feed-shortcuts';
import { LivePosts } from '../../features/posts/components/live-posts';
import { useAuth } from '../../lib/auth';
import { LAYOUT_QUERIES, useMediaQuery } from '../../lib/use-media-query';
import { tr } from '../../locales/tr';
import { BottomNav } from './bottom-nav';
import { LeftSidebar } from './left-sidebar';
import { MobileHeader } from './mobile-header';
import { RightSidebar } from './right-sidebar';
import { SiteFooter } from './site-footer';

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
        <FeedShortcuts />
        <LivePosts />
        {isAuthenticated ? <LiveNotifications /> : null}
      </div>
    </ComposeLauncher>
  );
}
