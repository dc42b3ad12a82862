import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { shortlistKeys } from './keys';

/** Deletes a shortlist (DELETE /api/shortlists/{id}); its pieces stay in the collection and the favorites. */
export function useDeleteShortlist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number, { client }) =>
      unwrap(
        apiOf(client).DELETE('/api/shortlists/{id}', {
          params: { path: { id: String(id) } },
        }),
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: shortlistKeys.all }),
  });
}
