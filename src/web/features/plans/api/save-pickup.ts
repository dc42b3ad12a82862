import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PickupOption } from '@domain/plans';
import { ApiClientError, unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { UNEXPECTED_ERROR } from '../../../lib/error-toast';
import { pickupQueryKey } from './get-pickup';
import { invalidate, invalidationSets } from '../../../lib/query-keys';

/** Her choice: the option alone, or in-store pickup with its studio (GET /api/orders/studios). */
export type PickupChoice = PickupOption | { option: PickupOption; studioId?: number | undefined };

/** Saves online delivery or in-store pickup (and the studio) on the member's account (PUT /api/plans/pickup). */
export function useSavePickupOption() {
  const queryClient = useQueryClient();
  return useMutation({
    // A studio that is no more says so ("There is no such studio."); anything else is ours.
    meta: {
      errorToast: (err) =>
        err instanceof ApiClientError && err.code === 'VALIDATION_FAILED' ? undefined : UNEXPECTED_ERROR,
    },
    mutationFn: (choice: PickupChoice, { client }) => {
      const { option, studioId } = typeof choice === 'string' ? { option: choice, studioId: undefined } : choice;
      return unwrap(
        apiOf(client).PUT('/api/plans/pickup', {
          body: option === 'in-store' && studioId ? { option, studioId } : { option },
        }),
      );
    },
    onSuccess: (state) => {
      queryClient.setQueryData(pickupQueryKey, state);
      return invalidate(queryClient, invalidationSets.bookingPrice);
    },
  });
}
