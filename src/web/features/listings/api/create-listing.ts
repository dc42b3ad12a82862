import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Listing, ListingInput } from '@domain/listings';
import { api } from '../../../lib/api-client';
import { listingsQueryKey } from './get-listings';

/** Publishes a listing with its photos (multipart POST /api/listings). */
export function useCreateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, photos }: { input: ListingInput; photos: File[] }) => {
      const body = new FormData();
      body.set('data', JSON.stringify(input));
      for (const p of photos) body.append('photos', p);
      return api<Listing>('/api/listings', { method: 'POST', body });
    },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: listingsQueryKey }), queryClient.invalidateQueries({ queryKey: ['items'] })]),
  });
}
