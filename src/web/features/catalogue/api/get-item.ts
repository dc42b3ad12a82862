import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

/** GET /api/items/{id}. */
export function getItemQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['items', 'detail', id],
    queryFn: ({ signal }) => unwrap(api.GET('/api/items/{id}', { params: { path: { id: String(id) } }, signal })),
    staleTime: 60_000,
  });
}

export function useItem(id: number, enabled = true) {
  return useQuery({ ...getItemQueryOptions(id), enabled });
}
