import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/items/facets: counts for the filter lists of a tab. */
export function getFacetsQueryOptions(query: Record<string, string | undefined>) {
  return queryOptions({
    queryKey: queryKeys.items.facets(query),
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/items/facets', { params: { query }, signal })),
    staleTime: 60_000,
  });
}

export function useFacets(query: Record<string, string | undefined>) {
  return useQuery(getFacetsQueryOptions(query));
}
