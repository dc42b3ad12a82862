import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export const appointmentsQueryKey = [...queryKeys.appointments.all, 'mine'] as const;

export function getAppointmentsQueryOptions() {
  return queryOptions({
    queryKey: appointmentsQueryKey,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/appointments', { signal })),
  });
}

/** The member's upcoming styling appointments. */
export function useAppointments(enabled = true) {
  return useQuery({ ...getAppointmentsQueryOptions(), enabled });
}
