import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { AdminPostsPage } from '../types';
import { ADMIN_QUERY_RETRY, adminKeys } from './admin-keys';
import { toPagination } from './normalize';

/** SPEC.md 9: the posts list shows 20 per page. */
export const ADMIN_POSTS_PAGE_SIZE = 20;

/** GET /api/admin/posts?page&limit=20&search */
export async function getAdminPosts({
  page,
  search,
  signal,
}: {
  page: number;
  search: string;
  signal?: AbortSignal;
}): Promise<AdminPostsPage> {
  const data = await apiClient.get<Partial<AdminPostsPage>>('/admin/posts', {
    query: { page, limit: ADMIN_POSTS_PAGE_SIZE, search: search || undefined },
    signal,
  });
  const posts = Array.isArray(data?.posts) ? data.posts : [];
  return {
    posts,
    pagination: toPagination(data?.pagination, page, ADMIN_POSTS_PAGE_SIZE, posts.length),
  };
}

export function useAdminPosts(page: number, search: string) {
  return useQuery({
    queryKey: adminKeys.postsPage(page, search),
    queryFn: ({ signal }) => getAdminPosts({ page, search, signal }),
    placeholderData: keepPreviousData,
    retry: ADMIN_QUERY_RETRY,
  });
}
