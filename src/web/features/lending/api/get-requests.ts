import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** Every lending query (requests, threads, calendars): a change to a request refreshes them. */
export const lendingQueryKey = queryKeys.lending.all;

export function getRequestsQueryOptions() {
  return queryOptions({
    queryKey: [...lendingQueryKey, 'requests'],
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/lending/requests', { signal })),
    staleTime: 0,
  });
}

/** Requests for her pieces (incoming) and the requests she made (outgoing), newest first. */
export function useRequests() {
  return useQuery(getRequestsQueryOptions());
}
