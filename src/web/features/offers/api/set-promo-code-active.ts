import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { promoCodesQueryKey } from './get-promo-codes';

/** PATCH /api/ops/promo-codes/{id}: switches a code on or off (audited). */
export function useSetPromoCodeActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }, { client }) =>
      unwrap(
        apiOf(client).PATCH('/api/ops/promo-codes/{id}', { params: { path: { id: String(id) } }, body: { active } }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: promoCodesQueryKey }),
  });
}
