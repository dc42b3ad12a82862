import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { lendingQueryKey } from './get-requests';

/** Condition photos by the lender when she sends her piece or has it back (multipart POST). */
export function useAddHandoverPhotos(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stage, photos }: { stage: 'sent' | 'returned'; photos: File[] }, { client }) =>
      unwrap(
        apiOf(client).POST('/api/lending/requests/{id}/photos/{stage}', {
          params: { path: { id: String(requestId), stage } },
          body: { photos },
          bodySerializer: () => {
            const form = new FormData();
            for (const p of photos) form.append('photos', p);
            return form;
          },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lendingQueryKey }),
  });
}
