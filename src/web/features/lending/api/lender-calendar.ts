import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockDatesInput } from '@domain/lending';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { lendingQueryKey } from './get-requests';
import { invalidate, invalidationSets } from '../../../lib/query-keys';

export function getLenderCalendarQueryOptions(itemId: number) {
  return queryOptions({
    queryKey: [...lendingQueryKey, 'calendar', itemId],
    queryFn: ({ client, signal }) =>
      unwrap(
        apiOf(client).GET('/api/lending/items/{id}/calendar', { params: { path: { id: String(itemId) } }, signal }),
      ),
  });
}

/** Her piece's blocked days and the days its rentals hold. */
export function useLenderCalendar(itemId: number) {
  return useQuery(getLenderCalendarQueryOptions(itemId));
}

/** Blocks days (POST /api/lending/items/{id}/blocks); a refusal's message is shown as it comes. */
export function useBlockDates(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BlockDatesInput, { client }) =>
      unwrap(
        apiOf(client).POST('/api/lending/items/{id}/blocks', { params: { path: { id: String(itemId) } }, body: input }),
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getLenderCalendarQueryOptions(itemId).queryKey }),
        invalidate(queryClient, invalidationSets.catalogue),
      ]),
  });
}

/** Frees blocked days (DELETE /api/lending/items/{id}/blocks/{blockId}). */
export function useUnblockDates(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: 'These days could not be freed. Please try again.' },
    mutationFn: async (blockId: number, { client }) => {
      await unwrap(
        apiOf(client).DELETE('/api/lending/items/{id}/blocks/{blockId}', {
          params: { path: { id: String(itemId), blockId: String(blockId) } },
        }),
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getLenderCalendarQueryOptions(itemId).queryKey }),
        invalidate(queryClient, invalidationSets.catalogue),
      ]),
  });
}
