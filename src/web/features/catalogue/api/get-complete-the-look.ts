import { queryKeys } from '../../../lib/query-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';

/** GET /api/items/{id}/complete-the-look: pieces that make an outfit with this one (decision 0071). */
export function getCompleteTheLookQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.items.completeTheLook(id),
    queryFn: ({ client, signal }) =>
      unwrap(apiOf(client).GET('/api/items/{id}/complete-the-look', { params: { path: { id: String(id) } }, signal })),
    staleTime: 60_000,
  });
}

export function useCompleteTheLook(id: number) {
  return useQuery(getCompleteTheLookQueryOptions(id));
}
