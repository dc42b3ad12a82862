import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimInput } from '@domain/claims';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { invalidate, invalidationSets } from '../../../lib/query-keys';

/** Opens a damage claim with its photos (multipart POST /api/claims). */
export function useOpenClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ input, photos }: { input: ClaimInput; photos: File[] }, { client }) =>
      unwrap(
        apiOf(client).POST('/api/claims', {
          body: { data: JSON.stringify(input), photos },
          bodySerializer: (fields) => {
            const form = new FormData();
            form.set('data', fields.data);
            for (const p of fields.photos) form.append('photos', p);
            return form;
          },
        }),
      ),
    onSettled: () => invalidate(queryClient, invalidationSets.claim),
  });
}
