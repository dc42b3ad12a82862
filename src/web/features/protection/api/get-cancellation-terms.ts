import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { protectionQueryKey } from './get-verification';

export function getCancellationTermsQueryOptions(rentalId: number) {
  return queryOptions({
    queryKey: [...protectionQueryKey, 'cancellation', rentalId],
    queryFn: ({ client, signal }) =>
      unwrap(
        apiOf(client).GET('/api/protection/rentals/{id}/cancellation', {
          params: { path: { id: String(rentalId) } },
          signal,
        }),
      ),
    // The refund changes with the clock (a policy's deadline): read it fresh each time she asks.
    staleTime: 0,
  });
}

/** What cancelling her rental gives back now, under its lender's policy (decision 0067). */
export function useCancellationTerms(rentalId: number) {
  return useQuery(getCancellationTermsQueryOptions(rentalId));
}
