import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChoosePlanInput, Subscription } from '@domain/plans';
import { api } from '../../../lib/api-client';
import { subscriptionQueryKey } from './get-subscription';

/** Chooses a plan (PUT /api/subscription). Weekly is active at once; paid plans wait for the card. */
export function useChoosePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChoosePlanInput) => api<Subscription>('/api/subscription', { method: 'PUT', json: input }),
    onSuccess: (subscription) => queryClient.setQueryData(subscriptionQueryKey, subscription),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionQueryKey }),
  });
}
