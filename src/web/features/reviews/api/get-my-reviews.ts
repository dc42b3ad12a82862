import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export const myReviewsQueryKey = queryKeys.reviews.mine;

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
