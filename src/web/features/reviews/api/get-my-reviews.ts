import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';

export const myReviewsQueryKey = ['reviews', 'mine'] as const;

/** GET /api/reviews/mine: her returned rentals (to review, or reviewed) and her fit details. */
export function getMyReviewsQueryOptions() {
  return queryOptions({
    queryKey: myReviewsQueryKey,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/reviews/mine', { signal })),
  });
}

export function useMyReviews() {
  return useQuery(getMyReviewsQueryOptions());
}
