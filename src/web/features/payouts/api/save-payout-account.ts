import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayoutAccountInput } from '@domain/payouts';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { payoutsQueryKey } from './get-statement';

/** Sets the bank account payouts go to (only the holder and last four come back). */
export function useSavePayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    // The form shows why in its own fields.
    meta: { errorToast: false },
    mutationFn: (input: PayoutAccountInput, { client }) =>
      unwrap(apiOf(client).PUT('/api/payouts/account', { body: input })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutsQueryKey }),
  });
}
