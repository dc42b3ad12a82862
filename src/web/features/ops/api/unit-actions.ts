import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckInInput } from '@domain/ops';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { invalidate, invalidationSets } from '../../../lib/query-keys';

const codePath = (code: string) => ({ params: { path: { code } } });

/** Every desk query (boards, units, inventory) is fresh after a unit moves; so are the catalogue's. */
function useSettled() {
  const queryClient = useQueryClient();
  return () => invalidate(queryClient, invalidationSets.desk);
}

/** Checks a unit in, graded, into cleaning or repair (a late fee is charged once; audited). */
export function useCheckIn() {
  const onSettled = useSettled();
  return useMutation({
    mutationFn: ({ code, input }: { code: string; input: CheckInInput }, { client }) =>
      unwrap(apiOf(client).POST('/api/ops/units/{code}/check-in', { ...codePath(code), body: input })),
    onSettled,
  });
}

/** Cleaning done: the unit is back on the shelf and bookable. */
export function useCleaningDone() {
  const onSettled = useSettled();
  return useMutation({
    mutationFn: (code: string, { client }) =>
      unwrap(apiOf(client).POST('/api/ops/units/{code}/cleaning-done', codePath(code))),
    onSettled,
  });
}

/** Sends a unit on the shelf or in cleaning to repair. */
export function useSendToRepair() {
  const onSettled = useSettled();
  return useMutation({
    mutationFn: ({ code, note }: { code: string; note?: string }, { client }) =>
      unwrap(apiOf(client).POST('/api/ops/units/{code}/repair', { ...codePath(code), body: note ? { note } : {} })),
    onSettled,
  });
}

/** Repair done: the unit goes to cleaning. */
export function useRepairDone() {
  const onSettled = useSettled();
  return useMutation({
    mutationFn: ({ code, note }: { code: string; note?: string }, { client }) =>
      unwrap(
        apiOf(client).POST('/api/ops/units/{code}/repair-done', { ...codePath(code), body: note ? { note } : {} }),
      ),
    onSettled,
  });
}

/** Retires a unit for good, with a reason (the confirm dialog shows failures). */
export function useRetireUnit() {
  const onSettled = useSettled();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ code, reason }: { code: string; reason: string }, { client }) =>
      unwrap(apiOf(client).POST('/api/ops/units/{code}/retire', { ...codePath(code), body: { reason } })),
    onSettled,
  });
}
