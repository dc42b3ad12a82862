import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { eventsQueryKey } from './get-events';

/** Reserves a spot at an event (POST /api/events/{id}/rsvp). */
export function useRsvp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: number) => unwrap(api.POST('/api/events/{id}/rsvp', { params: { path: { id: String(eventId) } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey }),
  });
}

/** Gives the spot back (DELETE /api/events/{id}/rsvp). */
export function useCancelRsvp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: number) => unwrap(api.DELETE('/api/events/{id}/rsvp', { params: { path: { id: String(eventId) } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey }),
  });
}
