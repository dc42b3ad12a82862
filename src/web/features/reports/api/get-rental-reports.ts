import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';

/** Every query of this feature (a rental's reports; the desk's list): what a report's change invalidates. */
export const reportsQueryKey = ['reports'] as const;

export function getRentalReportsQueryOptions(rentalId: number) {
  return queryOptions({
    queryKey: [...reportsQueryKey, 'rental', rentalId],
    queryFn: ({ client, signal }) =>
      unwrap(apiOf(client).GET('/api/reports/rentals/{id}', { params: { path: { id: String(rentalId) } }, signal })),
    staleTime: 0,
  });
}

/** A rental's reports and whether she may report now (its renter and its lender). */
export function useRentalReports(rentalId: number) {
  return useQuery(getRentalReportsQueryOptions(rentalId));
}
