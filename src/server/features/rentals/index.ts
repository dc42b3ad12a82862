// The rentals feature's public entry.
export { createRentalsRoutes } from './rentals.routes';
export { createRentalsService, type HeldUnitClaim, type RentalsService } from './rentals.service';
