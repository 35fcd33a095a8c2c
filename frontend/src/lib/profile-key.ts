/**
 * The query key of a profile (GET /api/users/profile/:username) as the viewer sees it. In lib/
 * because other features patch the profile they changed (a deleted post lowers `postsCount`).
 */
export const PROFILE_QUERY_ROOT = 'profile';

export const profileQueryKey = (username: string, viewer: string) => [PROFILE_QUERY_ROOT, username, viewer] as const;
