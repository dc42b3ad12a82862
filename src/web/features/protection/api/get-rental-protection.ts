import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { protectionQueryKey } from './get-verification';

export function getRentalProtectionQueryOptions(rentalId: number) {
  return queryOptions({
    queryKey: [...protectionQueryKey, 'rental', rentalId],
    queryFn: ({ client, signal }) =>
      unwrap(apiOf(client).GET('/api/protection/rentals/{id}', { params: { path: { id: String(rentalId) } }, signal })),
  });
}

/** A rental's cover (and whether she can still add it), its deposit and any damage recorded. */
export function useRentalProtection(rentalId: number) {
  return useQuery(getRentalProtectionQueryOptions(rentalId));
}

/** The dashboard's loader: each open rental's protection, so the Renting tab's cover forms are in its first paint. */
export function prefetchRentalProtection(queryClient: QueryClient, rentalIds: number[]) {
  return Promise.all(rentalIds.map((id) => queryClient.prefetchQuery(getRentalProtectionQueryOptions(id))));
}
