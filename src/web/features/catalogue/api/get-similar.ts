import { queryKeys } from '../../../lib/query-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';

/** GET /api/items/{id}/similar: "You may also like" (decision 0065). */
export function getSimilarQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.items.similar(id),
    queryFn: ({ client, signal }) =>
      unwrap(apiOf(client).GET('/api/items/{id}/similar', { params: { path: { id: String(id) } }, signal })),
    staleTime: 60_000,
  });
}

export function useSimilar(id: number) {
  return useQuery(getSimilarQueryOptions(id));
}
