import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewInput } from '@domain/reviews';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { invalidate, invalidationSets } from '../../../lib/query-keys';

/** Posts her review of a returned rental with its photos (multipart POST /api/reviews/rentals/{id}). */
export function usePostReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rentalId, input, photos }: { rentalId: number; input: ReviewInput; photos: File[] }, { client }) =>
      unwrap(
        apiOf(client).POST('/api/reviews/rentals/{id}', {
          params: { path: { id: String(rentalId) } },
          body: { data: JSON.stringify(input), photos },
          bodySerializer: (fields) => {
            const form = new FormData();
            form.set('data', fields.data);
            for (const p of fields.photos ?? []) form.append('photos', p);
            return form;
          },
        }),
      ),
    onSettled: () => invalidate(queryClient, invalidationSets.review),
  });
}
