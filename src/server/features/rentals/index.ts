// The rentals feature's public entry.
export { createRentalsRoutes } from './rentals.routes';
export { createRentalsService, type HeldUnitClaim, type RentalsService } from './rentals.service';
// A booking's writes in its transaction, which lending's requests (decision 0035) and waitlist holds make too.
export { hasOpenRental, insertBooking, insertRental, memberIsActive } from './rentals.repository';
