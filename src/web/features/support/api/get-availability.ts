import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

export const availabilityQueryKey = (date: string) => ['appointments', 'availability', date] as const;

export function getAvailabilityQueryOptions(date: string) {
  return queryOptions({
    queryKey: availabilityQueryKey(date),
    queryFn: ({ signal }) => unwrap(api.GET('/api/appointments/availability', { params: { query: { date } }, signal })),
  });
}

/** Which of a day's appointment times are free (nothing is fetched until a date is chosen). */
export function useAvailability(date: string | null) {
  return useQuery({ ...getAvailabilityQueryOptions(date ?? ''), enabled: !!date });
}
