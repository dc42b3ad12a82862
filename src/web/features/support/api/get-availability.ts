import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export const availabilityQueryKey = (date: string) => [...queryKeys.appointments.all, 'availability', date] as const;

export function getAvailabilityQueryOptions(date: string) {
  return queryOptions({
    queryKey: availabilityQueryKey(date),
    queryFn: ({ client, signal }) =>
      unwrap(apiOf(client).GET('/api/appointments/availability', { params: { query: { date } }, signal })),
  });
}

/** Which of a day's appointment times are free (nothing is fetched until a date is chosen). */
export function useAvailability(date: string | null) {
  return useQuery({ ...getAvailabilityQueryOptions(date ?? ''), enabled: !!date });
}
