import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export const listingsQueryKey = queryKeys.listings.all;

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
