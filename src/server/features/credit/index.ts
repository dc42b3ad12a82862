// Store credit, referrals and gift cards (decision 0063).
export {
  createCreditDeskRoutes,
  createCreditRoutes,
  createGiftCardsRoutes,
  createReferralsRoutes,
} from './credit.routes';
export { createCreditService, creditToApply, type CreditService } from './credit.service';
export { createGiftCardsService, type GiftCardsService } from './gift-cards.service';
export { createReferralsService, type ReferralsService } from './referrals.service';
