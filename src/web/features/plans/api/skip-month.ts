import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { usePlanAction } from './plan-action';

/** Monthly: skips the next month (POST /api/plans/subscription/skip). */
export function useSkipMonth() {
  return usePlanAction((_input: void, client) => unwrap(apiOf(client).POST('/api/plans/subscription/skip')));
}
