import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { usePlanAction } from './plan-action';

/** Undoes a cancellation before it takes effect (DELETE /api/plans/subscription/cancel). */
export function useUndoCancel() {
  return usePlanAction((_input: void, client) => unwrap(apiOf(client).DELETE('/api/plans/subscription/cancel')));
}
