// Query keys of the back office. Every admin answer sits under ADMIN_ROOT_KEY, so a change in one
// screen can mark the others stale with one call.
export const ADMIN_ROOT_KEY = ['admin'] as const;

export const adminKeys = {
  dashboard: () => [...ADMIN_ROOT_KEY, 'dashboard'] as const,
  users: () => [...ADMIN_ROOT_KEY, 'users'] as const,
  posts: () => [...ADMIN_ROOT_KEY, 'posts'] as const,
  /** One page of the users or posts list: under users() / posts(), where row mutations update it. */
  listPage: (list: 'users' | 'posts', page: number, search: string) =>
    [...ADMIN_ROOT_KEY, list, { page, search }] as const,
  settings: () => [...ADMIN_ROOT_KEY, 'settings'] as const,
  /** Trend review: the current trends as staff see them, and the hidden hashtags. */
  trends: () => [...ADMIN_ROOT_KEY, 'trends'] as const,
  hiddenHashtags: () => [...ADMIN_ROOT_KEY, 'trends', 'hidden'] as const,
  /** Registrations waiting for approval (their pages). */
  registrations: () => [...ADMIN_ROOT_KEY, 'registrations'] as const,
  /** The audit log's pages for one choice of filters. */
  audit: (filters: { actorId: string; action: string }) => [...ADMIN_ROOT_KEY, 'audit', filters] as const,
};

/** Admin screens show a failure at once with a retry button rather than retrying behind a spinner. */
export const ADMIN_QUERY_RETRY = false;
