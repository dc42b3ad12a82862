import { queryKeys } from '../../../lib/query-keys';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';

/** GET /api/search/suggest: a few items and brands for what has been typed so far. */
export function getSuggestionsQueryOptions(q: string) {
  return queryOptions({
    queryKey: queryKeys.search.suggest(q),
    queryFn: ({ client, signal }) =>
      unwrap(apiOf(client).GET('/api/search/suggest', { params: { query: { q } }, signal })),
    staleTime: 60_000,
  });
}

/** Suggestions for `q` (nothing is asked below two characters); the last answer stays while the next loads. */
export function useSuggestions(q: string) {
  return useQuery({
    ...getSuggestionsQueryOptions(q),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}
