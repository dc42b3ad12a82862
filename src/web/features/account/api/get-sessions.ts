import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';

export const sessionsQueryKey = ['me', 'sessions'] as const;

export function getSessionsQueryOptions() {
  return queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/me/sessions', { signal })),
    staleTime: 0,
  });
}

/** The devices signed in to the account, this one first (GET /api/me/sessions). */
export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}
