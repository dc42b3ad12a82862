import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListingUpdate } from '@domain/listings';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { listingsQueryKey } from './get-listings';
import { invalidate, invalidationSets } from '../../../lib/query-keys';

/** Changes a listing's details (PATCH /api/listings/{id}). */
export function useUpdateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: ListingUpdate }, { client }) =>
      unwrap(apiOf(client).PATCH('/api/listings/{id}', { params: { path: { id: String(id) } }, body: patch })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listingsQueryKey }),
        invalidate(queryClient, invalidationSets.catalogue),
      ]),
  });
}
