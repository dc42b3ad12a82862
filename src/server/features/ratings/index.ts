// The ratings feature's public entry (ratings both ways after a member rental, decision 0036).
export { createRatingsRoutes } from './ratings.routes';
export { createRatingsService, type RatingsService } from './ratings.service';
export { createLenderRatings } from './lender-ratings';
