import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** The garment's passport of an item (GET /api/passport/items/{id}; decision 0059). */
export function getItemPassportQueryOptions(itemId: number) {
  return queryOptions({
    queryKey: queryKeys.passport.item(itemId),
    queryFn: ({ client, signal }) =>
      unwrap(apiOf(client).GET('/api/passport/items/{id}', { params: { path: { id: String(itemId) } }, signal })),
  });
}

export function useItemPassport(itemId: number) {
  return useQuery(getItemPassportQueryOptions(itemId));
}
