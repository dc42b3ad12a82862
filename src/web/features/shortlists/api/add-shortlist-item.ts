import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { shortlistKeys } from './keys';

/** Puts a piece in a shortlist (PUT /api/shortlists/{id}/items/{itemId}). */
export function useAddShortlistItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, itemId }: { id: number; itemId: number }, { client }) =>
      unwrap(
        apiOf(client).PUT('/api/shortlists/{id}/items/{itemId}', {
          params: { path: { id: String(id), itemId: String(itemId) } },
        }),
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: shortlistKeys.all }),
  });
}
