import { lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { AppLayout } from './layout/app-layout';
import { RootLayout } from './layout/root-layout';
import { LazyScreen } from './layout/route-loading';
import { RouteErrorBoundary } from './routes/error-page';
import { HomePage } from './routes/home-page';

/**
 * A screen loaded on demand: only `/` (the home timeline) is in the entry chunk, so a guest's
 * first page fetches neither the back office nor the messages screen (issue 13, budget checked
 * by test/e2e/bundle-budget.test.ts).
 */
function lazyScreen<M>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const loadAdmin = () => import('./routes/admin-page');
const loadAdminSections = () => import('../features/admin/components/admin-sections');
const loadProfile = () => import('./routes/profile-page');
const loadStatic = () => import('./routes/static-pages');
const loadExplore = () => import('./routes/explore-page');

const AdminPage = lazyScreen(loadAdmin, 'AdminPage');
const AdminSettingsRoute = lazyScreen(loadAdmin, 'AdminSettingsRoute');
const AdminAuditRoute = lazyScreen(loadAdmin, 'AdminAuditRoute');
const AdminRulesRoute = lazyScreen(loadAdmin, 'AdminRulesRoute');
const AdminDashboard = lazyScreen(loadAdminSections, 'AdminDashboard');
const AdminUsers = lazyScreen(loadAdminSections, 'AdminUsers');
const AdminPosts = lazyScreen(loadAdminSections, 'AdminPosts');
const AdminModeration = lazyScreen(loadAdminSections, 'AdminModeration');
const AdminRegistrations = lazyScreen(loadAdminSections, 'AdminRegistrations');
const AdminTrends = lazyScreen(loadAdminSections, 'AdminTrends');
const AdminAppeals = lazyScreen(loadAdminSections, 'AdminAppeals');
const ExplorePage = lazyScreen(loadExplore, 'ExplorePage');
// The hashtag page comes with Explore's chunk (explore-page.tsx re-exports it): a loader of its
// own cost a guest's `/` bytes it does not have (the JS budget).
const HashtagPage = lazyScreen(loadExplore, 'HashtagPage');
const NotificationsPage = lazyScreen(
  () => import('./routes/notifications-page'),
  'NotificationsPage',
);
const NoticesPage = lazyScreen(
  () => import('./routes/moderation-notices-page'),
  'NoticesPage',
);
const MessagesPage = lazyScreen(() => import('./routes/messages-page'), 'MessagesPage');
const OwnProfilePage = lazyScreen(loadProfile, 'OwnProfilePage');
const UserProfilePage = lazyScreen(loadProfile, 'UserProfilePage');
const FollowersPage = lazyScreen(loadProfile, 'FollowersPage');
const FollowingPage = lazyScreen(loadProfile, 'FollowingPage');
const SettingsPage = lazyScreen(() => import('./routes/settings-page'), 'SettingsPage');
const FollowRequestsPage = lazyScreen(() => import('./routes/follow-requests-page'), 'FollowRequestsPage');
const BookmarksPage = lazyScreen(() => import('./routes/bookmarks-page'), 'BookmarksPage');
const QuotesPage = lazyScreen(() => import('./routes/quotes-page'), 'QuotesPage');
const ForgotPasswordPage = lazyScreen(
  () => import('./routes/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyScreen(
  () => import('./routes/reset-password-page'),
  'ResetPasswordPage',
);
const PostPage = lazyScreen(() => import('./routes/post-page'), 'PostPage');
const TermsPage = lazyScreen(loadStatic, 'TermsPage');
const PrivacyPage = lazyScreen(loadStatic, 'PrivacyPage');
const HelpPage = lazyScreen(loadStatic, 'HelpPage');
const RulesPage = lazyScreen(() => import('./routes/rules-page'), 'RulesPage');
const NotFoundPage = lazyScreen(loadStatic, 'NotFoundPage');

/** `element` for a lazy screen: its own Suspense boundary, in the place the screen will take. */
function screen(Screen: ComponentType) {
  return (
    <LazyScreen>
      <Screen />
    </LazyScreen>
  );
}

/** The route table of docs/product.md#routes. Exported so tests can mount it in a memory router. */
export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [
      {
        path: 'admin',
        element: screen(AdminPage),
        children: [
          { index: true, element: screen(AdminDashboard) },
          { path: 'users', element: screen(AdminUsers) },
          { path: 'posts', element: screen(AdminPosts) },
          { path: 'moderation', element: screen(AdminModeration) },
          { path: 'registrations', element: screen(AdminRegistrations) },
          { path: 'trends', element: screen(AdminTrends) },
          { path: 'appeals', element: screen(AdminAppeals) },
          { path: 'settings', element: screen(AdminSettingsRoute) },
          { path: 'audit', element: screen(AdminAuditRoute) },
          { path: 'rules', element: screen(AdminRulesRoute) },
          // Unknown admin sub-paths show the dashboard (docs/product.md#routes).
          { path: '*', element: screen(AdminDashboard) },
        ],
      },
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'explore', element: screen(ExplorePage) },
          { path: 'hashtag/:tag', element: screen(HashtagPage) },
          { path: 'notifications', element: screen(NotificationsPage) },
          { path: 'notifications/moderation', element: screen(NoticesPage) },
          { path: 'messages', element: screen(MessagesPage) },
          { path: 'profile', element: screen(OwnProfilePage) },
          { path: 'profile/:username', element: screen(UserProfilePage) },
          { path: 'profile/:username/followers', element: screen(FollowersPage) },
          { path: 'profile/:username/following', element: screen(FollowingPage) },
          { path: 'settings', element: screen(SettingsPage) },
          { path: 'follow-requests', element: screen(FollowRequestsPage) },
          { path: 'bookmarks', element: screen(BookmarksPage) },
          { path: 'forgot-password', element: screen(ForgotPasswordPage) },
          { path: 'reset-password', element: screen(ResetPasswordPage) },
          { path: 'post/:id', element: screen(PostPage) },
          { path: 'post/:id/quotes', element: screen(QuotesPage) },
          { path: 'terms', element: screen(TermsPage) },
          { path: 'privacy', element: screen(PrivacyPage) },
          { path: 'help', element: screen(HelpPage) },
          { path: 'kurallar', element: screen(RulesPage) },
          { path: '*', element: screen(NotFoundPage) },
        ],
      },
    ],
  },
];

/**
 * The routes under whichever router holds them (BrowserRouter in the app, MemoryRouter in tests).
 * Declarative, not createBrowserRouter: the data router (loaders, actions, fetchers) is ~20 KB
 * gzip that gündem does not use, and a guest's `/` has 120 KB of JS in all (issue 13).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
