import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingRequest, LendingAction } from '@domain/lending';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { lendingQueryKey } from './get-requests';
import { invalidate, invalidationSets, queryKeys } from '../../../lib/query-keys';

/** Every query an answer or a handover mark changes. */
const DEPENDENT_KEYS = [lendingQueryKey, ...invalidationSets.booking, queryKeys.notifications.all];

/**
 * One of the request's actions: the lender's (accept, decline, send, back, clean) on the request,
 * the renter's (withdraw) on her request and (received, return) on her rental.
 */
export function useRequestAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ request, action }: { request: BookingRequest; action: LendingAction }, { client }) => {
      const api = apiOf(client);
      const id = { params: { path: { id: String(request.id) } } };
      const rental = { params: { path: { id: String(request.rentalId) } } };
      switch (action) {
        case 'accept':
          return unwrap(api.POST('/api/lending/requests/{id}/accept', id));
        case 'decline':
          return unwrap(api.POST('/api/lending/requests/{id}/decline', id));
        case 'withdraw':
          return unwrap(api.POST('/api/lending/requests/{id}/withdraw', id));
        case 'send':
          return unwrap(api.POST('/api/lending/requests/{id}/send', id));
        case 'back':
          return unwrap(api.POST('/api/lending/requests/{id}/back', { ...id, body: {} }));
        case 'clean':
          return unwrap(api.POST('/api/lending/requests/{id}/clean', id));
        case 'cancel':
          return unwrap(api.POST('/api/lending/requests/{id}/cancel', id));
        case 'received':
          await unwrap(api.POST('/api/rentals/{id}/received', rental));
          return null;
        case 'return':
          await unwrap(api.POST('/api/rentals/{id}/return', rental));
          return null;
      }
    },
    onSettled: () => invalidate(queryClient, DEPENDENT_KEYS),
  });
}
