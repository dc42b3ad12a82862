import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export const parcelsQueryKey = ['parcels'] as const;

/** Her parcels holding a rental, or her order's rentals (GET /api/parcels): tracking and return labels. */
export function getParcelsQueryOptions(q: { rentalId?: number; orderNumber?: string }) {
  return queryOptions({
    queryKey: [...parcelsQueryKey, 'mine', q.rentalId ?? null, q.orderNumber ?? null],
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/parcels', { params: { query: q }, signal })),
    // Tracking events arrive over time.
    refetchInterval: 15_000,
    staleTime: 0,
  });
}

export function useParcels(q: { rentalId?: number; orderNumber?: string }) {
  return useQuery(getParcelsQueryOptions(q));
}

/** The desk's parcels to pack and dispatch (GET /api/ops/parcels). */
export function getDeskParcelsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.ops.parcels,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/ops/parcels', { signal })),
    refetchInterval: 60_000,
    staleTime: 0,
  });
}

export function useDeskParcels() {
  return useQuery(getDeskParcelsQueryOptions());
}

const idPath = (id: number) => ({ params: { path: { id: String(id) } } });

/** Packs or dispatches a parcel at the desk (audited); the board is read again after. */
export function useParcelMove(move: 'pack' | 'dispatch') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (parcelId: number, { client }) =>
      unwrap(
        move === 'pack'
          ? apiOf(client).POST('/api/ops/parcels/{id}/pack', idPath(parcelId))
          : apiOf(client).POST('/api/ops/parcels/{id}/dispatch', idPath(parcelId)),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.ops.all }),
  });
}
