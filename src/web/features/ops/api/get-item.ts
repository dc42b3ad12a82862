import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export function getOpsItemQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.ops.item(id),
    queryFn: ({ client, signal }) =>
      unwrap(
        apiOf(client).GET('/api/ops/items/{id}', {
          params: { path: { id: String(id) } },
          signal,
        }),
      ),
    staleTime: 0,
  });
}

/** A piece as the inventory edits it: fields, pictures, units with their states. */
export function useOpsItem(id: number) {
  return useQuery(getOpsItemQueryOptions(id));
}
