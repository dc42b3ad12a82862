import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';

export const ratingsQueryKey = ['ratings'] as const;

export function getRatingsQueryOptions() {
  return queryOptions({
    queryKey: ratingsQueryKey,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/ratings', { signal })),
    staleTime: 0,
  });
}

/** Her returned rentals of members' pieces, with both ratings as she may see them. */
export function useRatings() {
  return useQuery(getRatingsQueryOptions());
}
