import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { BookingsCore } from '../bookings';
import type { CatalogueService, ItemPicturesService } from '../catalogue';
import type { CreditService } from '../credit';
import type { OffersService } from '../offers';
import type { OrdersService } from '../orders';
import type { PaymentsService } from '../payments';
import type { PlansService } from '../plans';
import type { ManagedBooking } from './managed-booking';
import type { RentalCancellation } from './rental-cancellation';
import type { RentalExtension } from './rental-extension';
import type { RentalKeep } from './rental-keep';
import type { RentalQuote } from './rental-quote';

/** What the rentals service is given (services.ts builds each). */
export interface RentalsDeps {
  catalogue: CatalogueService;
  plans: PlansService;
  core: BookingsCore;
  payments: PaymentsService;
  orders: OrdersService;
  pictures: ItemPicturesService;
  /** The welcome offer and promo codes (decision 0056): priced, claimed and given back with the booking. */
  offers: OffersService;
  /** Store credit (decision 0063): spent before the card in the booking's transaction, given back on a decline. */
  credit: CreditService;
  /** The item page's quote (rental-quote.ts). */
  quote: RentalQuote;
  /** A rental's extension by a week (rental-extension.ts). */
  extension: RentalExtension;
  /** Keep it: she buys the piece she is renting (rental-keep.ts, decision 0059). */
  keep: RentalKeep;
  /** Cancelling a rental not sent yet, by her or the late-dispatch job (rental-cancellation.ts). */
  cancellation: RentalCancellation;
  /**
   * Told of a booking whose charge was declined, in the settlement's transaction, before the
   * rental and its booking are deleted: the waitlist gives back the hold it was booked from.
   */
  bookingDeclined: (trx: Kysely<DB>, rentalId: number) => Promise<void>;
  /** Told of a booking that went through (paid or within the plan), after its commit: it joins its parcel (decision 0061). */
  booked?: (rentalId: number) => Promise<void>;
  /** Managed lending (managed-booking.ts, decision 0062): booked at once, at the managed share. */
  managed?: ManagedBooking;
}
