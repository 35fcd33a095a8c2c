/**
 * Every path the router (router.tsx) renders a page for, in React Router's pattern syntax; every
 * other path shows its not-found page. The build writes this list to `dist/spa-routes.json`
 * (vite.config.ts), and the server answers index.html for the paths outside it with status 404,
 * so crawlers and link checkers see a missing page as missing (the app still renders its
 * not-found page). spa-routes.test.ts keeps the list equal to the router's table.
 */
export const SPA_ROUTES = [
  '/',
  '/admin',
  '/admin/users',
  '/admin/posts',
  '/admin/moderation',
  '/admin/registrations',
  '/admin/trends',
  '/admin/appeals',
  '/admin/settings',
  '/admin/audit',
  '/admin/rules',
  // Unknown admin sub-paths show the dashboard (the back office's own fallback), so they all exist.
  '/admin/*',
  '/explore',
  '/hashtag/:tag',
  '/notifications',
  '/notifications/moderation',
  '/messages',
  '/profile',
  '/profile/:username',
  '/profile/:username/followers',
  '/profile/:username/following',
  '/settings',
  '/follow-requests',
  '/bookmarks',
  '/forgot-password',
  '/reset-password',
  '/post/:id',
  '/post/:id/quotes',
  '/terms',
  '/privacy',
  '/help',
  '/kurallar',
] as const;

/** The file name under dist/ that the server reads the list from. */
export const SPA_ROUTES_FILE = 'spa-routes.json';
