import {
  ChangePlanSchema,
  ChangeQuoteSchema,
  PauseSchema,
  PlanActionResultSchema,
  type PlanActionResult,
} from '../../../domain/plans';
import { errorResponses, jsonBody, jsonContent, memberRoute, newRouter } from '../../http/openapi';
import type { PlanBilling } from './plan-billing';
import type { PlansService } from './plans.service';

/*
 * /api/plans/subscription/...: the plan that bends (decision 0058). Each action answers the plan
 * after it and what it charged now; 409 when the plan's state does not allow it (the message says
 * why), 402 when a charge was declined (nothing changed).
 */
const result = (description: string) => ({
  200: jsonContent(PlanActionResultSchema, description),
  ...errorResponses(400, 401, 402, 409),
});

const pause = memberRoute({
  method: 'post',
  path: '/pause',
  tags: ['Plans'],
  summary: 'Pause the plan for 1 or 2 months from the next billing date',
  description:
    'Nothing is charged while paused and plan pieces cannot be booked (409 PLAN_PAUSED); pieces she has stay hers.',
  request: { body: jsonBody(PauseSchema) },
  responses: result('The pause is booked'),
});

const skip = memberRoute({
  method: 'post',
  path: '/skip',
  tags: ['Plans'],
  summary: 'Monthly: skip the next month (a one-month pause from the next billing date)',
  responses: result('The month is skipped'),
});

const resume = memberRoute({
  method: 'post',
  path: '/resume',
  tags: ['Plans'],
  summary: 'Call off a booked pause, or end a pause now: a new term from today, charged now',
  responses: result('The plan is active'),
});

const quoteChange = memberRoute({
  method: 'get',
  path: '/change',
  tags: ['Plans'],
  summary: 'What a change of plan or item count costs now, and the day it applies',
  request: { query: ChangePlanSchema },
  responses: {
    200: jsonContent(ChangeQuoteSchema, 'The change, before she confirms'),
    ...errorResponses(400, 401, 409),
  },
});

const change = memberRoute({
  method: 'post',
  path: '/change',
  tags: ['Plans'],
  summary: 'Change plan or item count: an upgrade now (charged pro rata), a downgrade at the next billing date',
  request: { body: jsonBody(ChangePlanSchema) },
  responses: result('The change is made or booked'),
});

const cancel = memberRoute({
  method: 'post',
  path: '/cancel',
  tags: ['Plans'],
  summary: 'Cancel: the plan stays until the end of the paid term (cancelAt), then Weekly',
  responses: result('The plan is cancelled'),
});

const undoCancel = memberRoute({
  method: 'delete',
  path: '/cancel',
  tags: ['Plans'],
  summary: 'Undo a cancellation before the day it takes effect',
  responses: result('The plan continues'),
});

/** Mounted under /api/plans/subscription beside reading and choosing the plan. */
export function createPlanBillingRoutes(plans: PlansService, billing: PlanBilling) {
  const answer = async (userId: string, chargedCents: number): Promise<PlanActionResult> => ({
    subscription: await plans.getSubscription(userId),
    chargedCents,
  });
  return newRouter()
    .openapi(pause, async (c) => {
      await billing.pause(c.var.user.id, c.req.valid('json').months);
      return c.json(await answer(c.var.user.id, 0), 200);
    })
    .openapi(skip, async (c) => {
      await billing.pause(c.var.user.id, 1, 'skip');
      return c.json(await answer(c.var.user.id, 0), 200);
    })
    .openapi(resume, async (c) => c.json(await answer(c.var.user.id, await billing.resume(c.var.user.id)), 200))
    .openapi(quoteChange, async (c) => c.json(await billing.quoteChange(c.var.user.id, c.req.valid('query')), 200))
    .openapi(change, async (c) =>
      c.json(await answer(c.var.user.id, await billing.change(c.var.user.id, c.req.valid('json'))), 200),
    )
    .openapi(cancel, async (c) => {
      await billing.cancel(c.var.user.id);
      return c.json(await answer(c.var.user.id, 0), 200);
    })
    .openapi(undoCancel, async (c) => {
      await billing.undoCancel(c.var.user.id);
      return c.json(await answer(c.var.user.id, 0), 200);
    });
}
