import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { Dashboard, DashboardStatistics } from '../types';
import { ADMIN_QUERY_RETRY, adminKeys } from './admin-keys';

/** What the cards show when the dashboard call fails (docs/product.md#error-texts: zeroed statistics). */
export const ZERO_STATISTICS: DashboardStatistics = {
  users: { total: 0, verified: 0, active: 0, admins: 0 },
  posts: { total: 0, today: 0 },
  media: { files: 0, bytes: 0, measuredAt: null },
  estimated: false,
};

/** GET /api/admin/dashboard */
export async function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return apiClient.get<Dashboard>('/admin/dashboard', { signal });
}

export function useDashboard() {
  return useQuery({
    queryKey: adminKeys.dashboard(),
    queryFn: ({ signal }) => getDashboard(signal),
    retry: ADMIN_QUERY_RETRY,
  });
}
