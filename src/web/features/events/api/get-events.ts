import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';

export const eventsQueryKey = ['events'] as const;

export function getEventsQueryOptions() {
  return queryOptions({
    queryKey: eventsQueryKey,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/events', { signal })),
  });
}

/** Upcoming events with spots left and the member's own reservations. */
export function useEvents() {
  return useQuery(getEventsQueryOptions());
}
