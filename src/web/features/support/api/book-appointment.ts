import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment, AppointmentRequest } from '@domain/support';
import { api } from '../../../lib/api-client';

/** Books a styling appointment (POST /api/appointments); a taken slot is a 409. */
export function useBookAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AppointmentRequest) => api<Appointment>('/api/appointments', { method: 'POST', json: input }),
    // Both the member's list and the day's free times change (also when the slot was taken meanwhile).
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['appointments'] }),
  });
}
