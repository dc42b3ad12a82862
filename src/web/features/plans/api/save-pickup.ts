import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PickupOption } from '@domain/plans';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { UNEXPECTED_ERROR } from '../../../lib/error-toast';
import { pickupQueryKey } from './get-pickup';

/** Saves online delivery or in-store pickup on the member's account (PUT /api/pickup). */
export function useSavePickupOption() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: UNEXPECTED_ERROR },
    mutationFn: (option: PickupOption, { client }) => unwrap(apiOf(client).PUT('/api/pickup', { body: { option } })),
    onSuccess: (state) => queryClient.setQueryData(pickupQueryKey, state),
  });
}
