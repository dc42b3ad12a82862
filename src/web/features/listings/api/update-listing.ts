import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Listing, ListingUpdate } from '@domain/listings';
import { api } from '../../../lib/api-client';
import { listingsQueryKey } from './get-listings';

/** Changes a listing's details (PATCH /api/listings/{id}). */
export function useUpdateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: ListingUpdate }) => api<Listing>(`/api/listings/${id}`, { method: 'PATCH', json: patch }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: listingsQueryKey }), queryClient.invalidateQueries({ queryKey: ['items'] })]),
  });
}
