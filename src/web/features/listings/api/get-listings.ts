import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

export const listingsQueryKey = ['listings'] as const;

export function getListingsQueryOptions() {
  return queryOptions({
    queryKey: listingsQueryKey,
    queryFn: ({ signal }) => unwrap(api.GET('/api/listings', { signal })),
  });
}

/** The member's own listings with status and earnings, and her total earnings. */
export function useListings() {
  return useQuery(getListingsQueryOptions());
}
