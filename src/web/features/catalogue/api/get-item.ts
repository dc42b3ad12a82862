import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/items/{id}. */
export function getItemQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.items.detail(id),
    queryFn: ({ client, signal }) =>
      unwrap(apiOf(client).GET('/api/items/{id}', { params: { path: { id: String(id) } }, signal })),
    staleTime: 60_000,
  });
}

export function useItem(id: number, enabled = true) {
  return useQuery({ ...getItemQueryOptions(id), enabled });
}
