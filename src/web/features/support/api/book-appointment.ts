import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppointmentRequest } from '@domain/support';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** Books a styling appointment (POST /api/appointments); a taken slot is a 409. */
export function useBookAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AppointmentRequest, { client }) =>
      unwrap(apiOf(client).POST('/api/appointments', { body: input })),
    // The dialog says what went wrong next to the times (a taken slot) or the form.
    meta: { errorToast: false },
    // Both the member's list and the day's free times change (also when the slot was taken meanwhile).
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.appointments.all }),
  });
}
