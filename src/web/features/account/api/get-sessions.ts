import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceSessionList } from '@domain/auth.schema';
import { api } from '../../../lib/api-client';

export const sessionsQueryKey = ['me', 'sessions'] as const;

export function getSessionsQueryOptions() {
  return queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => api<DeviceSessionList>('/api/me/sessions', { signal }),
    staleTime: 0,
  });
}

/** The devices signed in to the account, this one first (GET /api/me/sessions). */
export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}
