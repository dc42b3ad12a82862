import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export const ordersQueryKey = queryKeys.orders.all;

/** GET /api/orders: the member's orders, newest first (the first 50). */
export function getOrdersQueryOptions() {
  return queryOptions({
    queryKey: [...ordersQueryKey, 'list'],
    queryFn: ({ client, signal }) =>
      unwrap(
        apiOf(client).GET('/api/orders', {
          params: { query: { limit: 50 } },
          signal,
        }),
      ),
  });
}

export function useOrders() {
  return useQuery(getOrdersQueryOptions());
}

/** GET /api/orders/{number}: one order's receipt. */
export function getOrderQueryOptions(number: string) {
  return queryOptions({
    queryKey: [...ordersQueryKey, 'detail', number],
    queryFn: ({ client, signal }) =>
      unwrap(
        apiOf(client).GET('/api/orders/{number}', {
          params: { path: { number } },
          signal,
        }),
      ),
  });
}

export function useOrder(number: string) {
  return useQuery(getOrderQueryOptions(number));
}
