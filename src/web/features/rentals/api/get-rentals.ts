import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export const rentalsQueryKey = queryKeys.rentals.all;

export function getRentalsQueryOptions() {
  return queryOptions({
    queryKey: [...rentalsQueryKey, 'open'],
    queryFn: ({ client, signal }) =>
      unwrap(apiOf(client).GET('/api/rentals', { params: { query: { status: 'open' } }, signal })),
  });
}

/** The member's open rentals (not returned), soonest return first. Pass enabled=false for visitors. */
export function useRentals(opts: { enabled?: boolean } = {}) {
  return useQuery({ ...getRentalsQueryOptions(), enabled: opts.enabled ?? true });
}
