import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { Dashboard, DashboardStatistics } from '../types';
import { ADMIN_QUERY_RETRY, adminKeys } from './admin-keys';
import { toCount } from './normalize';

/** What the cards show when the dashboard call fails (SPEC.md 8: zeroed statistics). */
export const ZERO_STATISTICS: DashboardStatistics = {
  users: { total: 0, verified: 0, active: 0, admins: 0 },
  posts: { total: 0, today: 0 },
};

type RawDashboard = {
  statistics?: {
    users?: Partial<DashboardStatistics['users']>;
    posts?: Partial<DashboardStatistics['posts']>;
    estimated?: boolean;
  };
  recentUsers?: Dashboard['recentUsers'];
  recentPosts?: Dashboard['recentPosts'];
};

/** Missing numbers read as 0 and missing lists as empty, so the screen never shows "undefined". */
export function toDashboard(data: RawDashboard | null | undefined): Dashboard {
  const users = data?.statistics?.users;
  const posts = data?.statistics?.posts;
  return {
    statistics: {
      users: {
        total: toCount(users?.total),
        verified: toCount(users?.verified),
        active: toCount(users?.active),
        admins: toCount(users?.admins),
      },
      posts: { total: toCount(posts?.total), today: toCount(posts?.today) },
      estimated: data?.statistics?.estimated === true,
    },
    recentUsers: Array.isArray(data?.recentUsers) ? data.recentUsers : [],
    recentPosts: Array.isArray(data?.recentPosts) ? data.recentPosts : [],
  };
}

/** GET /api/admin/dashboard */
export async function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return toDashboard(await apiClient.get<RawDashboard>('/admin/dashboard', { signal }));
}

export function useDashboard() {
  return useQuery({
    queryKey: adminKeys.dashboard(),
    queryFn: ({ signal }) => getDashboard(signal),
    retry: ADMIN_QUERY_RETRY,
  });
}
