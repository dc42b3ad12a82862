import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditAction, AuditSubjectType } from '@domain/ops';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export interface AuditFilters {
  actor?: string | undefined;
  action?: AuditAction | undefined;
  subjectType?: AuditSubjectType | undefined;
  subjectId?: string | undefined;
}

export function getAuditLogQueryOptions(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: queryKeys.ops.audit(filters),
    queryFn: ({ client, pageParam, signal }) =>
      unwrap(
        apiOf(client).GET('/api/ops/audit', {
          params: { query: { ...filters, before: pageParam?.toString() } },
          signal,
        }),
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    staleTime: 0,
  });
}

/** The audit log, newest first, filtered, page by page. */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery(getAuditLogQueryOptions(filters));
}
