// The plans feature's public entry (plan, card, pickup; the payment provider).
export { PaymentDeclinedError, type PaymentProvider } from './payment-provider';
export { createPlansRoutes } from './plans.routes';
export { createPlansService, type PlansService } from './plans.service';
export { createSimulatedPaymentProvider } from './simulated-payment-provider';
