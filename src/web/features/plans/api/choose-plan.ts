import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChoosePlanInput } from '@domain/plans';
import { ApiClientError, unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { subscriptionQueryKey } from './get-subscription';

/** The toast docs/product.md names (Messages and timings) for any failure to save the plan. */
export const SAVE_FAILED = 'Something went wrong. Please try again.';

/** Chooses a plan (PUT /api/plans/subscription). Weekly is active at once; paid plans wait for the card. */
export function useChoosePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    // A paid term still running (409) is refused in the server's words, which say how to change it.
    meta: {
      errorToast: (error) => (error instanceof ApiClientError && error.status === 409 ? undefined : SAVE_FAILED),
    },
    mutationFn: (input: ChoosePlanInput, { client }) =>
      unwrap(apiOf(client).PUT('/api/plans/subscription', { body: input })),
    onSuccess: (subscription) => queryClient.setQueryData(subscriptionQueryKey, subscription),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionQueryKey }),
  });
}
