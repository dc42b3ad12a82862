import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export const PAGE_SIZE = 24;

/** GET /api/items, page by page along the cursor. */
export function getItemsQueryOptions(query: Record<string, string | undefined>) {
  return infiniteQueryOptions({
    queryKey: queryKeys.items.list(query),
    queryFn: ({ client, pageParam, signal }) =>
      unwrap(
        apiOf(client).GET('/api/items', {
          params: { query: { ...query, limit: String(PAGE_SIZE), cursor: pageParam } },
          signal,
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useItems(query: Record<string, string | undefined>) {
  return useInfiniteQuery(getItemsQueryOptions(query));
}
