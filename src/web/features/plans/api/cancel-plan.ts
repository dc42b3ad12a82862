import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { usePlanAction } from './plan-action';

/** Cancels: the plan stays until the end of the paid term (POST /api/plans/subscription/cancel). */
export function useCancelPlan() {
  return usePlanAction((_input: void, client) => unwrap(apiOf(client).POST('/api/plans/subscription/cancel')));
}
