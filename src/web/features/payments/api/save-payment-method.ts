import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentFormInput } from '@domain/card';
import { ApiClientError, unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { subscriptionQueryKey } from '../../plans';

/** The toast docs/product.md names (Messages and timings) for a failure to save the card that is not the card's (the form shows the server's reason too). */
export const PAYMENT_FAILED = 'There was an issue processing your payment information. Please try again.';

/** The toast's title when the bank or the provider refused the card; its body is the reason. */
export const CARD_DECLINED = 'Card declined';

/**
 * A refused card says why in the toast ('Your card has insufficient funds. Please use another
 * card.'), as next to the button; too many attempts says when to try again; anything else is the
 * product's wording.
 */
function saveCardErrorToast(err: Error) {
  if (err instanceof ApiClientError && err.code === 'PAYMENT_DECLINED')
    return { title: CARD_DECLINED, description: err.message };
  if (err instanceof ApiClientError && err.code === 'RATE_LIMITED') return undefined; // the server's message
  return PAYMENT_FAILED;
}

/**
 * Saves or replaces the card (PUT /api/plans/payment-method). The server hands it to the payment
 * provider (about 2 s), keeps only brand and last four, and activates a plan waiting for payment.
 */
export function useSavePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: saveCardErrorToast },
    mutationFn: (input: PaymentFormInput, { client }) =>
      unwrap(apiOf(client).PUT('/api/plans/payment-method', { body: input })),
    onSuccess: (result) => queryClient.setQueryData(subscriptionQueryKey, result.subscription),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionQueryKey }),
  });
}
