import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { AdminUsersPage } from '../types';
import { ADMIN_QUERY_RETRY, adminKeys } from './admin-keys';
import { toPagination } from './normalize';

/** SPEC.md 9: the users list shows 10 per page. */
export const ADMIN_USERS_PAGE_SIZE = 10;

/** GET /api/admin/users?page&limit=10&search */
export async function getAdminUsers({
  page,
  search,
  signal,
}: {
  page: number;
  search: string;
  signal?: AbortSignal;
}): Promise<AdminUsersPage> {
  const data = await apiClient.get<Partial<AdminUsersPage>>('/admin/users', {
    query: { page, limit: ADMIN_USERS_PAGE_SIZE, search: search || undefined },
    signal,
  });
  const users = Array.isArray(data?.users) ? data.users : [];
  return {
    users,
    pagination: toPagination(data?.pagination, page, ADMIN_USERS_PAGE_SIZE, users.length),
  };
}

export function useAdminUsers(page: number, search: string) {
  return useQuery({
    queryKey: adminKeys.usersPage(page, search),
    queryFn: ({ signal }) => getAdminUsers({ page, search, signal }),
    // Paging and searching keep the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
    retry: ADMIN_QUERY_RETRY,
  });
}
