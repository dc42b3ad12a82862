import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListingInput } from '@domain/listings';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { listingsQueryKey } from './get-listings';
import { invalidate, invalidationSets } from '../../../lib/query-keys';

/** Publishes a listing with its photos (multipart POST /api/listings). */
export function useCreateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, photos }: { input: ListingInput; photos: File[] }, { client }) =>
      unwrap(
        apiOf(client).POST('/api/listings', {
          body: { data: JSON.stringify(input), photos },
          bodySerializer: (fields) => {
            const form = new FormData();
            form.set('data', fields.data);
            for (const p of fields.photos) form.append('photos', p);
            return form;
          },
        }),
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listingsQueryKey }),
        invalidate(queryClient, invalidationSets.catalogue),
      ]),
  });
}
