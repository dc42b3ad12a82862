import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PiecePolicyInput } from '@domain/protection';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { getPieceTermsQueryOptions } from './get-piece-terms';

/** Sets her piece's policy (PUT /api/protection/items/{id}/policy): the whole policy, as the form holds it. */
export function useSetPiecePolicy(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PiecePolicyInput, { client }) =>
      unwrap(
        apiOf(client).PUT('/api/protection/items/{id}/policy', {
          params: { path: { id: String(itemId) } },
          body: input,
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getPieceTermsQueryOptions(itemId).queryKey }),
  });
}
