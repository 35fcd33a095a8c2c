import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import {
  AdminPosts,
  AdminUsers,
  AdminDashboard,
} from '../features/admin/components/admin-sections';
import { AppLayout } from './layout/app-layout';
import { RootLayout } from './layout/root-layout';
import { AdminPage, AdminSettingsRoute } from './routes/admin-page';
import { ErrorPage } from './routes/error-page';
import { ExplorePage } from './routes/explore-page';
import { ForgotPasswordPage } from './routes/forgot-password-page';
import { HomePage } from './routes/home-page';
import { MessagesPage } from './routes/messages-page';
import { NotificationsPage } from './routes/notifications-page';
import { PostPage } from './routes/post-page';
import { OwnProfilePage, UserProfilePage } from './routes/profile-page';
import { ResetPasswordPage } from './routes/reset-password-page';
import { SettingsPage } from './routes/settings-page';
import { HelpPage, NotFoundPage, PrivacyPage, TermsPage } from './routes/static-pages';

/** The route table of docs/product.md#routes. Exported so tests can mount it in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        path: 'admin',
        element: <AdminPage />,
        children: [
          { index: true, element: <AdminDashboard /> },
          { path: 'users', element: <AdminUsers /> },
          { path: 'posts', element: <AdminPosts /> },
          { path: 'settings', element: <AdminSettingsRoute /> },
          // Unknown admin sub-paths show the dashboard (docs/product.md#routes).
          { path: '*', element: <AdminDashboard /> },
        ],
      },
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'explore', element: <ExplorePage /> },
          { path: 'notifications', element: <NotificationsPage /> },
          { path: 'messages', element: <MessagesPage /> },
          { path: 'profile', element: <OwnProfilePage /> },
          { path: 'profile/:username', element: <UserProfilePage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'post/:id', element: <PostPage /> },
          { path: 'terms', element: <TermsPage /> },
          { path: 'privacy', element: <PrivacyPage /> },
          { path: 'help', element: <HelpPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
