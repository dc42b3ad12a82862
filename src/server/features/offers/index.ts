// The offers feature's public entry (decision 0056): the welcome offer and promo codes.
export { createPromoCodesDeskRoutes } from './offers.routes';
export { createOffersService, type OffersService, type Pricing } from './offers.service';
