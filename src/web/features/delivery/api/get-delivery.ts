import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryAddressInput } from '@domain/orders';
import { ApiClientError, unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { invalidate, invalidationSets, queryKeys } from '../../../lib/query-keys';

export const deliveryAddressQueryKey = ['delivery-address'] as const;

/** GET /api/orders/delivery-address: the member's delivery address (or null). */
export function getDeliveryAddressQueryOptions() {
  return queryOptions({
    queryKey: deliveryAddressQueryKey,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/orders/delivery-address', { signal })),
  });
}

export function useDeliveryAddress(enabled = true) {
  return useQuery({ ...getDeliveryAddressQueryOptions(), enabled });
}

/** PUT /api/orders/delivery-address: saves it on her account. Field errors come back as issues. */
export function useSaveDeliveryAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    // Field errors are shown by the form.
    meta: {
      errorToast: (err) => (err instanceof ApiClientError && err.code === 'VALIDATION_FAILED' ? false : undefined),
    },
    mutationFn: (input: DeliveryAddressInput, { client }) =>
      unwrap(apiOf(client).PUT('/api/orders/delivery-address', { body: input })),
    onSuccess: (state) => {
      queryClient.setQueryData(deliveryAddressQueryKey, state);
      return invalidate(queryClient, invalidationSets.bookingPrice);
    },
  });
}

/** GET /api/orders/studios: the studios to pick up from, with addresses and opening hours. */
export function getStudiosQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.studios,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/orders/studios', { signal })),
    staleTime: 10 * 60_000,
  });
}

export function useStudios(enabled = true) {
  return useQuery({ ...getStudiosQueryOptions(), enabled });
}
