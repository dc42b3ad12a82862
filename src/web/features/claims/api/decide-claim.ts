import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { deskClaimsQueryKey } from './get-desk-claims';

/** Upholds (the renter is charged, the lender credited) or rejects a claim, with a note both members read; audited. */
export function useDecideClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ id, decision, note }: { id: number; decision: 'uphold' | 'reject'; note: string }, { client }) =>
      unwrap(
        decision === 'uphold'
          ? apiOf(client).POST('/api/ops/claims/{id}/uphold', { params: { path: { id: String(id) } }, body: { note } })
          : apiOf(client).POST('/api/ops/claims/{id}/reject', { params: { path: { id: String(id) } }, body: { note } }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deskClaimsQueryKey }),
  });
}

/** Charges an upheld claim again after its charge failed (the renter's card on file now); audited. A refusal is the server's message. */
export function useRetryClaimCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number, { client }) =>
      unwrap(apiOf(client).POST('/api/ops/claims/{id}/retry-charge', { params: { path: { id: String(id) } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deskClaimsQueryKey }),
  });
}
