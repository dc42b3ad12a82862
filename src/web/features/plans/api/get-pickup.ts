import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

export const pickupQueryKey = ['pickup'] as const;

export function getPickupQueryOptions() {
  return queryOptions({
    queryKey: pickupQueryKey,
    queryFn: ({ signal }) => unwrap(api.GET('/api/pickup', { signal })),
  });
}

/** The member's pickup option (online | in-store | null), from GET /api/pickup. */
export function usePickupOption() {
  return useQuery(getPickupQueryOptions());
}
