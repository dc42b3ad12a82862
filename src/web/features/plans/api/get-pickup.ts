import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';

export const pickupQueryKey = ['pickup'] as const;

export function getPickupQueryOptions() {
  return queryOptions({
    queryKey: pickupQueryKey,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/plans/pickup', { signal })),
  });
}

/** The member's pickup option (online | in-store | null), from GET /api/plans/pickup. */
export function usePickupOption(opts: { enabled?: boolean } = {}) {
  return useQuery({
    ...getPickupQueryOptions(),
    enabled: opts.enabled ?? true,
  });
}
