import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TodayBoard } from '@domain/ops';
import { api } from '../../../lib/api-client';

export function getTodayQueryOptions() {
  return queryOptions({
    queryKey: ['ops', 'today'],
    queryFn: ({ signal }) => api<TodayBoard>('/api/ops/today', { signal }),
    refetchInterval: 60_000,
    staleTime: 0,
  });
}

/** Today's board: rentals starting, due back, overdue, returned today. */
export function useToday() {
  return useQuery(getTodayQueryOptions());
}
