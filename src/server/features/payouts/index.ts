// The payouts feature's public entry (payout account, payouts, the lender's statement; decision 0036).
export { createPayoutsRoutes } from './payouts.routes';
export { createPayoutsService, type PayoutsService } from './payouts.service';
