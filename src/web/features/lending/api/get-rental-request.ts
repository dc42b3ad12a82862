import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { lendingQueryKey } from './get-requests';

export function getRentalRequestQueryOptions(rentalId: number) {
  return queryOptions({
    queryKey: [...lendingQueryKey, 'rental', rentalId],
    queryFn: ({ client, signal }) =>
      unwrap(
        apiOf(client).GET('/api/lending/rentals/{id}/request', { params: { path: { id: String(rentalId) } }, signal }),
      ),
    staleTime: 0,
  });
}

/** The request of a rental, for its thread page (the renter and the lender only). */
export function useRentalRequest(rentalId: number) {
  return useQuery(getRentalRequestQueryOptions(rentalId));
}
