import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { shortlistKeys } from './keys';

/** Renames a shortlist (PATCH /api/shortlists/{id}). */
export function useRenameShortlist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }, { client }) =>
      unwrap(
        apiOf(client).PATCH('/api/shortlists/{id}', {
          params: { path: { id: String(id) } },
          body: { name },
        }),
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: shortlistKeys.all }),
  });
}
