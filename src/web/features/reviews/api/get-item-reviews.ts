import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Size } from '@domain/catalogue.rules';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';

export const itemReviewsQueryKey = (itemId: number) => ['reviews', 'item', itemId] as const;

/** GET /api/reviews/items/{id}: pages of reviews, newest first, optionally of one size worn. */
export function getItemReviewsQueryOptions(itemId: number, size?: Size) {
  return infiniteQueryOptions({
    queryKey: [...itemReviewsQueryKey(itemId), size ?? 'all'] as const,
    queryFn: ({ client, signal, pageParam }) =>
      unwrap(
        apiOf(client).GET('/api/reviews/items/{id}', {
          params: {
            path: { id: String(itemId) },
            query: { ...(size ? { size } : {}), ...(pageParam ? { before: String(pageParam) } : {}) },
          },
          signal,
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    staleTime: 30_000,
  });
}

export function useItemReviews(itemId: number, size?: Size) {
  return useInfiniteQuery(getItemReviewsQueryOptions(itemId, size));
}
