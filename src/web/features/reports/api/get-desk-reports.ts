import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportStatus } from '@domain/reports';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { reportsQueryKey } from './get-rental-reports';

export function getDeskReportsQueryOptions(status: ReportStatus | undefined) {
  return queryOptions({
    queryKey: [...reportsQueryKey, 'desk', status ?? 'open'],
    queryFn: ({ client, signal }) =>
      unwrap(apiOf(client).GET('/api/ops/reports', { params: { query: status ? { status } : {} }, signal })),
    staleTime: 0,
    refetchInterval: 30_000,
  });
}

/** The desk's reports (open and disputed ones, oldest first, by default). */
export function useDeskReports(status: ReportStatus | undefined) {
  return useQuery(getDeskReportsQueryOptions(status));
}
