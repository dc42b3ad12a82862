import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Event } from '@domain/events';
import { api } from '../../../lib/api-client';
import { eventsQueryKey } from './get-events';

/** Reserves a spot at an event (POST /api/events/{id}/rsvp). */
export function useRsvp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: number) => api<Event>(`/api/events/${eventId}/rsvp`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey }),
  });
}

/** Gives the spot back (DELETE /api/events/{id}/rsvp). */
export function useCancelRsvp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: number) => api<Event>(`/api/events/${eventId}/rsvp`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey }),
  });
}
