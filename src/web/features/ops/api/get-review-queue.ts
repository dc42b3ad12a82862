import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewStatus } from '@domain/ops';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export const opsQueryKey = queryKeys.ops.all;
export const reviewQueueQueryKey = ['ops', 'listings'] as const;

export function getReviewQueueQueryOptions(status: ReviewStatus) {
  return queryOptions({
    queryKey: [...reviewQueueQueryKey, status],
    queryFn: ({ client, signal }) =>
      unwrap(apiOf(client).GET('/api/ops/listings', { params: { query: { status } }, signal })),
    // The queue changes as members submit and colleagues decide: always fresh, and polled.
    staleTime: 0,
    refetchInterval: 30_000,
  });
}

/** Members' listings in one review state (in review: oldest submission first). */
export function useReviewQueue(status: ReviewStatus) {
  return useQuery(getReviewQueueQueryOptions(status));
}
