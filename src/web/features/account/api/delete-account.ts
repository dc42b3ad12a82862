import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';

/** Deletes the account (DELETE /api/me, password required); `cancelReservations` cancels her pieces not sent yet first (full refunds). */
export function useDeleteAccount() {
  return useMutation({
    // The section says what went wrong (a wrong password, an open rental).
    meta: { errorToast: false },
    mutationFn: (input: { password: string; cancelReservations?: boolean }, { client }) =>
      unwrap(apiOf(client).DELETE('/api/me', { body: input })),
  });
}
