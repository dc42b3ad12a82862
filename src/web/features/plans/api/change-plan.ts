import type { ChangePlanInput } from '@domain/plans';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { usePlanAction } from './plan-action';

/** Changes plan or item count: an upgrade now, charged pro rata; a downgrade at the next billing date (POST /api/plans/subscription/change). */
export function useChangePlan() {
  return usePlanAction((input: ChangePlanInput, client) =>
    unwrap(apiOf(client).POST('/api/plans/subscription/change', { body: input })),
  );
}
