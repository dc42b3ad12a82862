// The rentals feature's public entry.
export { createRentalsRoutes } from './rentals.routes';
export { createRentalsService, type HeldUnitClaim, type RentalsService } from './rentals.service';
// A booking's checks in its transaction, which lending's requests (decision 0035) make too.
export { hasOpenRental, memberIsActive } from './rentals.repository';
