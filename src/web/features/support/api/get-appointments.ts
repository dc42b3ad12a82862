import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

export const appointmentsQueryKey = ['appointments', 'mine'] as const;

export function getAppointmentsQueryOptions() {
  return queryOptions({
    queryKey: appointmentsQueryKey,
    queryFn: ({ signal }) => unwrap(api.GET('/api/appointments', { signal })),
  });
}

/** The member's upcoming styling appointments. */
export function useAppointments(enabled = true) {
  return useQuery({ ...getAppointmentsQueryOptions(), enabled });
}
