import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export function getInventoryQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.ops.inventory(q),
    queryFn: ({ client, pageParam, signal }) =>
      unwrap(
        apiOf(client).GET('/api/ops/inventory', {
          params: { query: { q: q || undefined, after: pageParam?.toString() } },
          signal,
        }),
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextAfter ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The catalogue with units per size and how many are out today, by id, with a search. */
export function useInventory(q: string) {
  return useInfiniteQuery(getInventoryQueryOptions(q));
}
