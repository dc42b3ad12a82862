import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ItemPage } from '@domain/catalogue';
import { api } from '../../../lib/api-client';

export const PAGE_SIZE = 24;

/** GET /api/items, page by page along the cursor. */
export function getItemsQueryOptions(query: Record<string, string | undefined>) {
  return infiniteQueryOptions({
    queryKey: ['items', 'list', query],
    queryFn: ({ pageParam, signal }) => api<ItemPage>('/api/items', { query: { ...query, limit: PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useItems(query: Record<string, string | undefined>) {
  return useInfiniteQuery(getItemsQueryOptions(query));
}
