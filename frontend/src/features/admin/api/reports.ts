import type {
  OpenReportsCount,
  ReportCaseDetail,
  ReportCaseResponse,
  ReportCasesPage,
  ResolveReportRequest,
  ReportSort,
  ReportStatus,
} from '@gundem/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSocketEvent, useSocketResync } from '../../../lib/realtime/hooks';
import { ADMIN_QUERY_RETRY, ADMIN_ROOT_KEY } from './admin-keys';

const REPORTS_KEY = [...ADMIN_ROOT_KEY, 'reports'] as const;
export const reportKeys = {
  all: () => REPORTS_KEY,
  list: (status: ReportStatus, sort: ReportSort) => [...REPORTS_KEY, 'list', { status, sort }] as const,
  detail: (id: string) => [...REPORTS_KEY, 'detail', id] as const,
  openCount: () => [...REPORTS_KEY, 'open-count'] as const,
};

/** GET /api/admin/reports: the queue's cases, continued by the cursor ("Daha fazla"). */
export function useReportCases(status: ReportStatus, sort: ReportSort) {
  return useInfiniteQuery({
    queryKey: reportKeys.list(status, sort),
    queryFn: ({ pageParam, signal }) =>
      apiClient.get<ReportCasesPage>('/admin/reports', { query: { status, sort, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: ADMIN_QUERY_RETRY,
  });
}

/** GET /api/admin/reports/:id */
export function useReportCase(id: string | null) {
  return useQuery({
    queryKey: reportKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiClient.get<ReportCaseDetail>(`/admin/reports/${id}`, { signal }),
    enabled: Boolean(id),
    retry: ADMIN_QUERY_RETRY,
  });
}

/** Assign, note, resolve: each answers the case; the queue and the case are read again. */
export function useReportAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      action: { kind: 'assign' } | { kind: 'note'; body: string } | { kind: 'resolve'; request: ResolveReportRequest },
    ) => {
      if (action.kind === 'assign') return apiClient.post<ReportCaseResponse>(`/admin/reports/${id}/assign`);
      if (action.kind === 'note') return apiClient.post<ReportCaseResponse>(`/admin/reports/${id}/notes`, { body: action.body });
      return apiClient.post<ReportCaseResponse>(`/admin/reports/${id}/resolve`, action.request);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: REPORTS_KEY }),
  });
}

/**
 * The open cases for the back office's badge: read once, then overwritten by every
 * `reports:open` the server pushes to staff (and read again after a reconnect).
 */
export function useOpenReportsCount(): number {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: reportKeys.openCount(),
    queryFn: ({ signal }) => apiClient.get<OpenReportsCount>('/admin/reports/open-count', { signal }),
    retry: ADMIN_QUERY_RETRY,
  });
  useSocketEvent('reports:open', (event) => {
    if (typeof event?.open !== 'number') return;
    queryClient.setQueryData<OpenReportsCount>(reportKeys.openCount(), { open: event.open });
    // The open queue changed too: a new report or another staff member's resolution.
    void queryClient.invalidateQueries({ queryKey: [...REPORTS_KEY, 'list'] });
  });
  useSocketResync(() => void queryClient.invalidateQueries({ queryKey: reportKeys.openCount() }));
  return query.data?.open ?? 0;
}
