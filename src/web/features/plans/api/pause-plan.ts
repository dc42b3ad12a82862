import type { PauseInput } from '@domain/plans';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';
import { usePlanAction } from './plan-action';

/** Pauses the plan for 1 or 2 months from the next billing date (POST /api/plans/subscription/pause). */
export function usePausePlan() {
  return usePlanAction((input: PauseInput, client) =>
    unwrap(apiOf(client).POST('/api/plans/subscription/pause', { body: input })),
  );
}
