import { useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { AuditPage } from '../types';
import { ADMIN_QUERY_RETRY, adminKeys } from './admin-keys';

/** The audit log's page size (the server's default). */
export const ADMIN_AUDIT_PAGE_SIZE = 20;

/** Empty strings: no filter. */
export interface AuditFilters {
  actorId: string;
  action: string;
}

/** GET /api/admin/audit?limit&cursor&actorId&action (admins only), newest first. */
export function getAdminAudit(filters: AuditFilters, cursor: string | undefined, signal?: AbortSignal): Promise<AuditPage> {
  return apiClient.get<AuditPage>('/admin/audit', {
    query: {
      limit: ADMIN_AUDIT_PAGE_SIZE,
      cursor,
      actorId: filters.actorId || undefined,
      action: filters.action || undefined,
    },
    signal,
  });
}

/** The log's pages for `filters`, continued by the cursor ("Daha fazla"). */
export function useAdminAudit(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: adminKeys.audit(filters),
    queryFn: ({ pageParam, signal }) => getAdminAudit(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: ADMIN_QUERY_RETRY,
  });
}
