import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { eventsQueryKey } from './get-events';

/** Reserves a spot at an event (POST /api/events/{id}/rsvp). */
export function useRsvp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: number, { client }) =>
      unwrap(apiOf(client).POST('/api/events/{id}/rsvp', { params: { path: { id: String(eventId) } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey }),
  });
}

/** Gives the spot back (DELETE /api/events/{id}/rsvp). */
export function useCancelRsvp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: number, { client }) =>
      unwrap(apiOf(client).DELETE('/api/events/{id}/rsvp', { params: { path: { id: String(eventId) } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey }),
  });
}
