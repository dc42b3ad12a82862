import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { lendingQueryKey } from './get-requests';

export function getThreadQueryOptions(rentalId: number) {
  return queryOptions({
    queryKey: [...lendingQueryKey, 'thread', rentalId],
    queryFn: ({ client, signal }) =>
      unwrap(apiOf(client).GET('/api/lending/threads/{id}', { params: { path: { id: String(rentalId) } }, signal })),
    staleTime: 0,
    // New messages from the other party appear while the page is open.
    refetchInterval: 15_000,
  });
}

/** The messages between the renter and the lender of a rental, oldest first (reading marks them read). */
export function useThread(rentalId: number) {
  return useQuery(getThreadQueryOptions(rentalId));
}
