import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/reviews/items/{id}/size-advice: what members like her wore (signed-in members only). */
export function getSizeAdviceQueryOptions(itemId: number) {
  return queryOptions({
    queryKey: queryKeys.reviews.adviceFor(itemId),
    queryFn: ({ client, signal }) =>
      unwrap(
        apiOf(client).GET('/api/reviews/items/{id}/size-advice', { params: { path: { id: String(itemId) } }, signal }),
      ),
    staleTime: 60_000,
  });
}

export function useSizeAdvice(itemId: number, enabled: boolean) {
  return useQuery({ ...getSizeAdviceQueryOptions(itemId), enabled });
}
