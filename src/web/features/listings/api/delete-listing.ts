import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { listingsQueryKey } from './get-listings';
import { invalidate, invalidationSets } from '../../../lib/query-keys';

/** Takes a listing out of the catalogue (DELETE /api/listings/{id}). */
export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number, { client }) =>
      unwrap(apiOf(client).DELETE('/api/listings/{id}', { params: { path: { id: String(id) } } })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listingsQueryKey }),
        invalidate(queryClient, invalidationSets.catalogue),
      ]),
  });
}
