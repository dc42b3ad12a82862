import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueItem } from '@domain/catalogue';
import { api } from '../../../lib/api-client';

/** GET /api/items/{id}. */
export function getItemQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['items', 'detail', id],
    queryFn: ({ signal }) => api<CatalogueItem>(`/api/items/${id}`, { signal }),
    staleTime: 60_000,
  });
}

export function useItem(id: number, enabled = true) {
  return useQuery({ ...getItemQueryOptions(id), enabled });
}
