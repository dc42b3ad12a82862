// The bookings core's public entry (decision 0053): the only writer of item_units, bookings, rentals and unit_states.
export { createBookingsCore, asUnitState, type BookingsCore } from './bookings.core';
export { BOOKABLE_ITEM, type LockTargets } from './bookings.lock';
export type { Booking } from './rental-rows';
export { OPEN_END, type NewHold } from './holds.repository';
export { toDeskRental, lateOf, lateClockStop, type DayOf } from './desk-rental';
export { deskQuery, type DeskRow } from './rental-view';
export { unitQuery, type RentalView, type UnitRow } from './unit-reads';
export { KEPT_NOTE } from './sale';
