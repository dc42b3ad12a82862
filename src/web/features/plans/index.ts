/**
 * The plans feature's public API for other features (the dashboard reads the plan through
 * these; never import from the feature's folders directly).
 */
export { getSubscriptionQueryOptions, subscriptionQueryKey, useSubscription } from './api/get-subscription';
export { getPickupQueryOptions, pickupQueryKey, usePickupOption } from './api/get-pickup';
export { useSavePickupOption } from './api/save-pickup';
export { CardBrandMark } from './components/card-brand';
// The card page (features/payments) shows the plan beside the card form.
export { OrderSummary } from './components/order-summary';
export { PlansLoadError, PlansPageSkeleton } from './components/page-states';
export { planPriceText } from './components/plan-price-text';
// The account page's "Your plan": pause, skip, resume, change, cancel (decision 0058).
export { PlanManager } from './components/plan-manager';
export type { PickupOption, PickupState, SavedCard, Subscription } from '@domain/plans';
