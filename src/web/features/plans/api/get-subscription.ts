import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export const subscriptionQueryKey = queryKeys.plan.subscription;

export function getSubscriptionQueryOptions() {
  return queryOptions({
    queryKey: subscriptionQueryKey,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/plans/subscription', { signal })),
  });
}

/**
 * The member's plan from the server (GET /api/plans/subscription): plan, item count, status, monthly
 * price, next billing date (null for Weekly: 'Pay as you go') and the saved card's brand and last
 * four. A member who never chose gets Weekly.
 */
export function useSubscription() {
  return useQuery(getSubscriptionQueryOptions());
}
