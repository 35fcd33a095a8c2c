import { Outlet } from 'react-router-dom';
import { LiveNotifications } from '../../features/notifications/components/live-notifications';
import { ComposeFab } from '../../features/posts/components/compose-fab';
import { FeedShortcuts } from '../../features/posts/components/feed-shortcuts';
import { LivePosts } from '../../features/posts/components/live-posts';
import { useAuth } from '../../lib/auth';
import { tr } from '../../locales/tr';
import { BottomNav } from './bottom-nav';
import { LeftSidebar } from './left-sidebar';
import { MobileHeader } from './mobile-header';
import { RightSidebar } from './right-sidebar';
import { SiteFooter } from './site-footer';

/** The three-column shell: left sidebar, main column, right sidebar (CSS decides what shows). */
export function AppLayout() {
  const { isAuthenticated } = useAuth();
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        {tr.nav.skipToContent}
      </a>
      <LeftSidebar />
      <div className="main-column">
        <MobileHeader />
        <main className="main-column__content" id="main" tabIndex={-1}>
          <Outlet />
        </main>
        <SiteFooter className="main-column__footer" showVersion />
      </div>
      <RightSidebar />
      <BottomNav />
      <ComposeFab />
      <FeedShortcuts />
      <LivePosts />
      {isAuthenticated ? <LiveNotifications /> : null}
    </div>
  );
}
