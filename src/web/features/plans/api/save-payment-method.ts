import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentFormInput } from '@domain/card';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { subscriptionQueryKey } from './get-subscription';

/** The toast docs/product.md names (Messages and timings) for any failure to save the card (the form shows the server's reason too). */
export const PAYMENT_FAILED = 'There was an issue processing your payment information. Please try again.';

/**
 * Saves or replaces the card (PUT /api/payment-method). The server hands it to the payment
 * provider (about 2 s), keeps only brand and last four, and activates a plan waiting for payment.
 */
export function useSavePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: PAYMENT_FAILED },
    mutationFn: (input: PaymentFormInput, { client }) => unwrap(apiOf(client).PUT('/api/payment-method', { body: input })),
    onSuccess: (result) => queryClient.setQueryData(subscriptionQueryKey, result.subscription),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionQueryKey }),
  });
}
