import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PromoCodeInput } from '@domain/offers';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { promoCodesQueryKey } from './get-promo-codes';

/** POST /api/ops/promo-codes: a new code (audited); a taken code is the server's 409 message. */
export function useCreatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PromoCodeInput, { client }) => unwrap(apiOf(client).POST('/api/ops/promo-codes', { body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: promoCodesQueryKey }),
  });
}
