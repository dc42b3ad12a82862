import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export function getTodayQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.ops.today,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/ops/today', { signal })),
    refetchInterval: 60_000,
    staleTime: 0,
  });
}

/** Today's board: rentals starting, due back, overdue, returned today. */
export function useToday() {
  return useQuery(getTodayQueryOptions());
}
