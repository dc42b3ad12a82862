// The plans feature's public entry (plan, card, pickup).
export { createPlansRoutes } from './plans.routes';
export { createPlansService, type PlansService } from './plans.service';
export { createPlanBilling, type PlanBilling } from './plan-billing';
export { createPlanRenewals, type PlanRenewals } from './plan-renewals';
export { createPlanGifts, type GiftMonthApplied, type PlanGifts } from './plan-gift';
