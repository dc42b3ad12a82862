import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PickupOption, PickupState } from '@domain/plans';
import { api } from '../../../lib/api-client';
import { pickupQueryKey } from './get-pickup';

/** Saves online delivery or in-store pickup on the member's account (PUT /api/pickup). */
export function useSavePickupOption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (option: PickupOption) => api<PickupState>('/api/pickup', { method: 'PUT', json: { option } }),
    onSuccess: (state) => queryClient.setQueryData(pickupQueryKey, state),
  });
}
