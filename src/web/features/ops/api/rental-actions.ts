import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { opsQueryKey } from './get-review-queue';

const idPath = (id: number) => ({ params: { path: { id: String(id) } } });

/** Marks a rental dispatched: sent by courier, or ready at the studio (audited; the member is told). */
export function useDispatchRental() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rentalId: number, { client }) =>
      unwrap(apiOf(client).POST('/api/ops/rentals/{id}/dispatch', idPath(rentalId))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: opsQueryKey }),
  });
}

/** Hands a studio pickup over to the member (audited). */
export function useHandOver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rentalId: number, { client }) =>
      unwrap(apiOf(client).POST('/api/ops/rentals/{id}/hand-over', idPath(rentalId))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: opsQueryKey }),
  });
}

/** Waives a rental's late fee with a reason (refunded if it was charged; audited). The dialog shows failures. */
export function useWaiveLateFee() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ rentalId, reason }: { rentalId: number; reason: string }, { client }) =>
      unwrap(apiOf(client).POST('/api/ops/rentals/{id}/late-fee/waive', { ...idPath(rentalId), body: { reason } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: opsQueryKey }),
  });
}

/** Adds photos taken at check-in to a rental (multipart; audited). */
export function useAddConditionPhotos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rentalId, photos }: { rentalId: number; photos: File[] }, { client }) =>
      unwrap(
        apiOf(client).POST('/api/ops/rentals/{id}/condition-photos', {
          ...idPath(rentalId),
          body: { photos },
          bodySerializer: () => {
            const form = new FormData();
            for (const p of photos) form.append('photos', p);
            return form;
          },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: opsQueryKey }),
  });
}
