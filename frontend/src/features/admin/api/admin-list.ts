import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { Pagination } from '../types';
import { ADMIN_QUERY_RETRY, ADMIN_ROOT_KEY, adminKeys } from './admin-keys';

/** The searchable, paged admin lists: GET /api/admin/<list> answers `{ <list>: rows, pagination }`. */
export type AdminList = 'users' | 'posts';

export type AdminListPage<List extends AdminList, Row> = { [Key in List]: Row[] } & {
  pagination: Pagination;
};

/**
 * The fetcher and query hook of one admin list (GET /api/admin/<list>?page&limit&search), so the
 * users and posts screens page and search the same way.
 */
export function adminList<List extends AdminList, Row>(list: List, pageSize: number) {
  async function get({
    page,
    search,
    signal,
  }: {
    page: number;
    search: string;
    signal?: AbortSignal;
  }): Promise<AdminListPage<List, Row>> {
    return apiClient.get<AdminListPage<List, Row>>(`/admin/${list}`, {
      query: { page, limit: pageSize, search: search || undefined },
      signal,
    });
  }

  function use(page: number, search: string) {
    return useQuery({
      queryKey: adminKeys.listPage(list, page, search),
      queryFn: ({ signal }) => get({ page, search, signal }),
      // Paging and searching keep the current rows on screen until the next page arrives.
      placeholderData: keepPreviousData,
      retry: ADMIN_QUERY_RETRY,
    });
  }

  return { get, use };
}

/**
 * After a change the server agreed to (a staff edit of a user, a post's delete): the change reaches
 * every cached page of `list` at once, without a refetch that would make the visible page jump.
 * A list request that left before the change committed (a search typed just before the click)
 * would answer the old rows over the patched ones: such requests are cancelled first, and a list
 * that had no rows yet (a first fetch is not restarted by an invalidation) is read again. Every
 * other admin answer (the dashboard's counts, other pages) is marked stale for the next visit.
 */
export async function applyToAdminList<List extends AdminList, Row>(
  queryClient: QueryClient,
  list: List,
  patch: (page: AdminListPage<List, Row>) => AdminListPage<List, Row>,
): Promise<void> {
  const queryKey = [...ADMIN_ROOT_KEY, list];
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueriesData<AdminListPage<List, Row>>({ queryKey }, (page) => (page ? patch(page) : page));
  void queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY, refetchType: 'none' });
  void queryClient.refetchQueries({ queryKey, type: 'active', predicate: (query) => query.state.data === undefined });
}
