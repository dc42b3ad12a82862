import { z } from '@hono/zod-openapi';
import { PaymentFormSchema } from '../../../domain/card';
import {
  ChoosePlanSchema,
  PaymentResultSchema,
  PickupSchema,
  PickupStateSchema,
  SavedCardSchema,
  SubscriptionSchema,
} from '../../../domain/plans';
import type { AppContext } from '../../context';
import { errorResponses, jsonBody, jsonContent, newRouter, memberRoute } from '../../http/openapi';
import type { PlanBilling } from './plan-billing';
import { createPlanBillingRoutes } from './plan-billing.routes';
import type { PlansService } from './plans.service';

const getSubscription = memberRoute({
  method: 'get',
  path: '/',
  tags: ['Plans'],
  summary: "The member's plan (Weekly if none was chosen)",
  description:
    'Plan, item count, status, monthly price, next billing date (null for Weekly: pay as you go), the saved card.',
  responses: { 200: jsonContent(SubscriptionSchema, 'The subscription'), ...errorResponses(401) },
});

const choosePlan = memberRoute({
  method: 'put',
  path: '/',
  tags: ['Plans'],
  summary: 'Choose a plan',
  description:
    'Weekly is active at once. Monthly (itemCount 3..9, default 3) and 3 Months wait for payment (status pending_payment) until PUT /api/plans/payment-method.',
  request: { body: jsonBody(ChoosePlanSchema) },
  responses: { 200: jsonContent(SubscriptionSchema, 'The new subscription'), ...errorResponses(400, 401) },
});

const getPaymentMethod = memberRoute({
  method: 'get',
  path: '/',
  tags: ['Plans'],
  summary: "The member's saved card (brand, last four, holder, billing address), or null",
  responses: {
    200: jsonContent(z.object({ card: SavedCardSchema.nullable() }), 'The saved card'),
    ...errorResponses(401),
  },
});

const savePaymentMethod = memberRoute({
  method: 'put',
  path: '/',
  tags: ['Plans'],
  summary: 'Save or replace the card; activates (and charges) a plan waiting for payment',
  description:
    'The card goes to the payment provider (simulated: it takes PAYMENT_DELAY_MS); only brand, last four, expiry, holder and ' +
    'billing address are kept. The number and CVV are never stored or logged. A declined card answers 402 PAYMENT_DECLINED.',
  request: { body: jsonBody(PaymentFormSchema) },
  responses: { 200: jsonContent(PaymentResultSchema, 'The card is saved'), ...errorResponses(400, 401, 402) },
});

const getPickup = memberRoute({
  method: 'get',
  path: '/',
  tags: ['Plans'],
  summary: "The member's pickup option (online | in-store) and studio, or null",
  responses: { 200: jsonContent(PickupStateSchema, 'The pickup option'), ...errorResponses(401) },
});

const savePickup = memberRoute({
  method: 'put',
  path: '/',
  tags: ['Plans'],
  summary: 'Choose online delivery or in-store pickup (and the studio: GET /api/orders/studios)',
  description:
    'Bookings use this choice unless they name their own. A studioId that is no studio is a 400 naming studioId; it is kept only for in-store pickup.',
  request: { body: jsonBody(PickupSchema) },
  responses: { 200: jsonContent(PickupStateSchema, 'The saved option'), ...errorResponses(400, 401) },
});

/** /api/plans/subscription: read and choose the plan. */
export function createSubscriptionRoutes(ctx: AppContext, service: PlansService) {
  return newRouter()
    .openapi(getSubscription, async (c) => c.json(await service.getSubscription(c.var.user.id), 200))
    .openapi(choosePlan, async (c) => c.json(await service.choosePlan(c.var.user.id, c.req.valid('json')), 200));
}

/** /api/plans/payment-method: the member's card. */
export function createPaymentMethodRoutes(ctx: AppContext, service: PlansService) {
  return newRouter()
    .openapi(getPaymentMethod, async (c) => c.json({ card: await service.getCard(c.var.user.id) }, 200))
    .openapi(savePaymentMethod, async (c) =>
      c.json(await service.savePaymentMethod(c.var.user.id, c.req.valid('json')), 200),
    );
}

/** /api/plans/pickup: online delivery or in-store pickup. */
export function createPickupRoutes(ctx: AppContext, service: PlansService) {
  return newRouter()
    .openapi(getPickup, async (c) => c.json(await service.getPickup(c.var.user.id), 200))
    .openapi(savePickup, async (c) => {
      const { option, studioId } = c.req.valid('json');
      return c.json(await service.setPickupOption(c.var.user.id, option, studioId), 200);
    });
}

/**
 * Everything of this feature, mounted once under /api/plans (decision 0055): /api/plans/subscription,
 * /api/plans/payment-method and /api/plans/pickup, sharing one service.
 */
export function createPlansRoutes(ctx: AppContext, service: PlansService, billing: PlanBilling) {
  return newRouter()
    .route('/subscription', createSubscriptionRoutes(ctx, service))
    .route('/subscription', createPlanBillingRoutes(service, billing))
    .route('/payment-method', createPaymentMethodRoutes(ctx, service))
    .route('/pickup', createPickupRoutes(ctx, service));
}
