import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PlanActionResult } from '@domain/plans';
import { invalidate, invalidationSets } from '../../../lib/query-keys';
import { subscriptionQueryKey } from './get-subscription';

/**
 * A mutation of her plan's calendar (decision 0058): the answer (the plan after it) goes into the
 * cache at once, and what the change makes stale is invalidated through the key factory.
 * Failures are shown by the dialog that sent it (the server's sentence), not as a toast.
 */
export function usePlanAction<I>(send: (input: I, client: QueryClient) => Promise<PlanActionResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (input: I, { client }) => send(input, client),
    onSuccess: (result) => queryClient.setQueryData(subscriptionQueryKey, result.subscription),
    onSettled: () => invalidate(queryClient, invalidationSets.plan),
  });
}
