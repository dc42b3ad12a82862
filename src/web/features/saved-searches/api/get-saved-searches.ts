import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';

export const savedSearchesKey = ['saved-searches'] as const;

/** GET /api/saved-searches: hers, newest first (decision 0065). */
export function getSavedSearchesQueryOptions() {
  return queryOptions({
    queryKey: savedSearchesKey,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/saved-searches', { signal })),
  });
}

export function useSavedSearches() {
  return useQuery(getSavedSearchesQueryOptions());
}
