// The rentals feature's public entry.
export { createRentalsRoutes } from './rentals.routes';
export { createRentalsService, type HeldUnitClaim, type RentalsService } from './rentals.service';
// The use-cases the rentals service is given (services.ts builds them).
export { createRentalCancellation } from './rental-cancellation';
export { createRentalExtension } from './rental-extension';
export { createRentalKeep } from './rental-keep';
export { createRentalQuote } from './rental-quote';
// A booking's checks in its transaction, which lending's requests (decision 0035) make too.
export { hasOpenRental, memberIsActive } from './rentals.repository';
// The booking's refusal ladder and input checks, which lending's requests climb too.
export { climb, BOOKING_LADDER, type Rung } from './booking-ladder';
export { rangeOf, requestRangeOf, sizeOffered } from './booking-checks';
// The charge's rate limit and refusals, which the pre-loved sale's purchase shares (decision 0066).
export { takeChargeAttempt } from './charge-attempts';
export { cardRequired, declined } from './rental-refusals';
