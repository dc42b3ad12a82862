import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

export const sessionsQueryKey = ['me', 'sessions'] as const;

export function getSessionsQueryOptions() {
  return queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => unwrap(api.GET('/api/me/sessions', { signal })),
    staleTime: 0,
  });
}

/** The devices signed in to the account, this one first (GET /api/me/sessions). */
export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}
