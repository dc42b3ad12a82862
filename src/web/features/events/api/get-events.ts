import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

export const eventsQueryKey = ['events'] as const;

export function getEventsQueryOptions() {
  return queryOptions({
    queryKey: eventsQueryKey,
    queryFn: ({ signal }) => unwrap(api.GET('/api/events', { signal })),
  });
}

/** Upcoming events with spots left and the member's own reservations. */
export function useEvents() {
  return useQuery(getEventsQueryOptions());
}
