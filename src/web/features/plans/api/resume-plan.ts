import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { usePlanAction } from './plan-action';

/** Calls off a booked pause, or ends a pause now, charged now (POST /api/plans/subscription/resume). */
export function useResumePlan() {
  return usePlanAction((_input: void, client) => unwrap(apiOf(client).POST('/api/plans/subscription/resume')));
}
