import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';

export const listingsQueryKey = ['listings'] as const;

export function getListingsQueryOptions() {
  return queryOptions({
    queryKey: listingsQueryKey,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/listings', { signal })),
  });
}

/** The member's own listings with status and earnings, and her total earnings. */
export function useListings() {
  return useQuery(getListingsQueryOptions());
}
