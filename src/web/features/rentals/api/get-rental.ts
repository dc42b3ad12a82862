import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** One of her rentals (GET /api/rentals/{id}): the Keep it page reads its offer from it. */
export function getRentalQueryOptions(rentalId: number) {
  return queryOptions({
    queryKey: [...queryKeys.rentals.all, 'one', rentalId],
    queryFn: ({ client, signal }) =>
      unwrap(apiOf(client).GET('/api/rentals/{id}', { params: { path: { id: String(rentalId) } }, signal })),
  });
}

export function useRental(rentalId: number) {
  return useQuery(getRentalQueryOptions(rentalId));
}
