import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { Pagination } from '../types';
import { ADMIN_QUERY_RETRY, adminKeys } from './admin-keys';

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
