import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { listingsQueryKey } from './get-listings';

/** Takes a listing out of the catalogue (DELETE /api/listings/{id}). */
export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/api/listings/{id}', { params: { path: { id: String(id) } } })),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: listingsQueryKey }), queryClient.invalidateQueries({ queryKey: ['items'] })]),
  });
}
