import { handoffOf } from '../../../domain/availability';
import { RENTAL_DAYS, addDays } from '../../../domain/catalogue';
import { lenderShareCents } from '../../../domain/listings';
import { PickupOptionSchema, PlanIdSchema, isoDate } from '../../../domain/plans';
import {
  MAX_BOOKING_AHEAD_DAYS,
  MAX_RENTAL_DAYS,
  RENTAL_MESSAGES,
  daysBetween,
  daysLate,
  defaultRentalRange,
  LATE_FEE_STATUSES,
  lateFeeCapCents,
  lateFeeCents,
  lateFeePerDayCents,
  latestStartDate,
  rentalPriceCents,
  rentalStatus,
  type BookRentalInput,
  type LateFeeStatus,
  type Rental,
} from '../../../domain/rentals';
import type { AppContext } from '../../context';
import { HttpError, notFound, unauthenticated } from '../../http/errors';
import { createItemPictures, type CatalogueService } from '../catalogue';
import type { UnitLifeService } from '../ops';
import type { PlansService } from '../plans';
import { createRentalsRepository, isUniqueViolation, type RentalRow } from './rentals.repository';

/** How late a rental is and its fee (docs/product.md "Renting"): so far while out, as worked out at check-in after. */
function lateOf(row: RentalRow, today: string): Rental['late'] {
  const perDayCents = lateFeePerDayCents(row.rental_price_cents);
  const capCents = lateFeeCapCents(row.rental_price_cents, row.retail_price_cents);
  if (row.checked_in_at) {
    if (!row.late_days) return null;
    const status = (LATE_FEE_STATUSES as readonly string[]).includes(row.late_fee_status ?? '') ? (row.late_fee_status as LateFeeStatus) : 'due';
    return { days: row.late_days, feeCents: row.late_fee_cents ?? 0, perDayCents, capCents, status };
  }
  if (!row.dispatched_at) return null;
  const days = daysLate(row.end_date, row.returned_at ? row.returned_at.slice(0, 10) : today);
  if (days === 0) return null;
  return { days, feeCents: lateFeeCents(days, row.rental_price_cents, row.retail_price_cents), perDayCents, capCents, status: 'accruing' };
}

export function createRentalsService(ctx: AppContext, deps: { catalogue: CatalogueService; plans: PlansService; units: UnitLifeService }) {
  const { db, dialect } = ctx.database;
  const postgres = dialect === 'postgres';
  const repo = createRentalsRepository(db);
  const { catalogue } = deps;
  const pictures = createItemPictures(db);
  const subscriptions = deps.plans;
  const today = () => isoDate(ctx.clock());

  /** Rentals with their item's first picture (the one owner decides: photo or drawing). */
  async function toRentals(rows: RentalRow[]): Promise<Rental[]> {
    const pics = await pictures.forIds(rows.map((r) => r.item_id));
    return rows.map((row) => toRental(row, pics.get(row.item_id)?.imageUrl ?? ''));
  }

  function toRental(row: RentalRow, imageUrl: string): Rental {
    const pickup = PickupOptionSchema.safeParse(row.pickup_option);
    const plan = PlanIdSchema.safeParse(row.plan);
    const handoff = handoffOf(row.pickup_option);
    const day = today();
    return {
      id: row.id,
      itemId: row.item_id,
      name: row.name,
      brand: row.brand,
      imageUrl,
      size: row.size,
      startDate: row.start_date,
      returnDate: row.end_date,
      status: rentalStatus(
        { startDate: row.start_date, endDate: row.end_date, handoff, dispatchedAt: row.dispatched_at, receivedAt: row.received_at, returnedAt: row.returned_at, checkedInAt: row.checked_in_at },
        day,
      ),
      priceCents: row.price_cents,
      chargeCents: row.charge_cents,
      plan: plan.success ? plan.data : 'weekly',
      pickupOption: pickup.success ? pickup.data : null,
      extensions: row.extensions,
      returnedAt: row.returned_at,
      createdAt: row.created_at,
      handoff,
      dispatchedAt: row.dispatched_at,
      receivedAt: row.received_at,
      checkedInAt: row.checked_in_at,
      cancelled: row.returned_at !== null && row.dispatched_at === null,
      late: lateOf(row, day),
    };
  }

  async function getOwn(id: number, userId: string): Promise<Rental> {
    const row = await repo.findForUser(id, userId);
    if (!row) throw notFound('Rental not found');
    return (await toRentals([row]))[0]!;
  }

  const alreadyRented = () => new HttpError('ALREADY_RENTED', RENTAL_MESSAGES.alreadyRentedBody);

  return {
    async list(userId: string, all = false): Promise<Rental[]> {
      return toRentals(await repo.listForUser(userId, all));
    },

    get: getOwn,

    /**
     * Books a unit of the item's size for [start, end) (7 days from today unless a range is given).
     * Everything that must hold under concurrency is decided inside one transaction: a free unit
     * (locked on PostgreSQL, serialised on SQLite), the plan allowance (a conditional update), one
     * open rental per member and item (a partial unique index).
     */
    async book(userId: string, input: BookRentalInput): Promise<Rental> {
      const day = today();
      const { startDate, endDate } = input.startDate && input.endDate ? { startDate: input.startDate, endDate: input.endDate } : defaultRentalRange(day);
      if (startDate < day) throw new HttpError('VALIDATION_FAILED', 'Invalid body: startDate must be today or later', { issues: [{ path: 'startDate', message: 'must be today or later' }] });
      const latest = latestStartDate(day);
      if (startDate > latest) {
        const message = `must be at most ${MAX_BOOKING_AHEAD_DAYS} days from today (${latest})`;
        throw new HttpError('VALIDATION_FAILED', `Invalid body: startDate ${message}`, { issues: [{ path: 'startDate', message }] });
      }

      // Reads that run their own queries happen before the transaction (SQLite has one connection).
      const item = await catalogue.getItem(input.itemId);
      if (!item.sizes.includes(input.size)) {
        throw new HttpError('VALIDATION_FAILED', `Invalid body: size ${input.size} is not offered for this item`, { issues: [{ path: 'size', message: `must be one of ${item.sizes.join(', ')}` }] });
      }
      const allowance = await subscriptions.currentBillingPeriod(userId);
      const plan = allowance?.plan ?? (await subscriptions.getSubscription(userId)).plan;
      const pickup = await subscriptions.getPickupOption(userId);
      const handoff = handoffOf(pickup);
      // The days the unit is held: the shipping day before, the cleaning window after (decision 0031).
      const held = catalogue.occupancy(startDate, endDate, handoff);
      const now = ctx.clock().toISOString();

      let rentalId: number;
      try {
        rentalId = await db.transaction().execute(async (trx) => {
          // The booker's own row first (an account deletion racing this booking), then the item
          // row's lock before any unit's (the order a listing's removal also follows).
          if (!(await repo.memberIsActive(trx, userId, postgres))) throw unauthenticated();
          const row = await repo.itemForBooking(trx, input.itemId, postgres);
          if (!row || row.status !== 'active') throw notFound('Item not found');
          if (row.owner_id === userId) throw new HttpError('FORBIDDEN', RENTAL_MESSAGES.ownListing);
          if (await repo.hasOpenRental(trx, userId, input.itemId)) throw alreadyRented();

          const unitId = await catalogue.freeUnitFor(trx, input.itemId, input.size, held);
          if (unitId === null) {
            const days = Math.max(1, daysBetween(startDate, endDate));
            const next = await catalogue.nextFreeDate(trx, input.itemId, input.size, startDate, days, handoff);
            throw new HttpError('SOLD_OUT', RENTAL_MESSAGES.soldOut, { details: { nextFreeDate: next, size: input.size } });
          }

          if (allowance && !(await repo.useAllowance(trx, userId, allowance.start, allowance.itemAllowance))) {
            throw new HttpError(
              'ALLOWANCE_EXCEEDED',
              `You have rented all ${allowance.itemAllowance} pieces your plan includes this billing month (until ${allowance.end}). Change your plan to rent more.`,
              { details: { allowance: allowance.itemAllowance, periodEnd: allowance.end, changePlanUrl: '/plan-selection' } },
            );
          }

          const price = rentalPriceCents(row.rental_price_cents, startDate, endDate);
          const bookingId = await repo.insertBooking(trx, { unit_id: unitId, item_id: input.itemId, start_date: held.start, end_date: held.end, created_at: now });
          const id = await repo.insertRental(trx, {
            user_id: userId,
            item_id: input.itemId,
            booking_id: bookingId,
            unit_id: unitId,
            size: input.size,
            start_date: startDate,
            end_date: endDate,
            plan,
            price_cents: price,
            charge_cents: allowance ? 0 : price,
            lender_id: row.owner_id,
            lender_earnings_cents: row.owner_id ? lenderShareCents(price) : 0,
            pickup_option: pickup,
            billing_period_start: allowance?.start ?? null,
            extensions: 0,
            returned_at: null,
            created_at: now,
          });
          await repo.countRental(trx, input.itemId);
          return id;
        });
      } catch (err) {
        // Two requests by the same member at once: the partial unique index refuses the second.
        if (isUniqueViolation(err)) throw alreadyRented();
        throw err;
      }
      return getOwn(rentalId, userId);
    },

    /**
     * Moves the return date 7 days later, only if the same unit is free for those days and the
     * cleaning window after them (the unit's held days grow with it).
     */
    async extend(userId: string, rentalId: number): Promise<Rental> {
      await db.transaction().execute(async (trx) => {
        const row = await repo.findForUser(rentalId, userId, trx);
        if (!row) throw notFound('Rental not found');
        if (row.returned_at || row.checked_in_at) throw new HttpError('CONFLICT', RENTAL_MESSAGES.extendReturned);
        await repo.lockUnit(trx, row.unit_id, postgres);
        const to = addDays(row.end_date, RENTAL_DAYS);
        if (daysBetween(row.start_date, to) > MAX_RENTAL_DAYS) throw new HttpError('CONFLICT', RENTAL_MESSAGES.extendTooLong);
        const wanted = catalogue.occupancy(row.start_date, to, handoffOf(row.pickup_option)).end;
        const heldUntil = wanted > row.held_until ? wanted : row.held_until;
        const clash = await repo.otherBookingOverlapping(trx, row.unit_id, row.booking_id, row.held_until, heldUntil);
        if (clash) throw new HttpError('CONFLICT', RENTAL_MESSAGES.extendBlocked, { details: { bookedFrom: clash.start_date } });
        const price = row.rental_price_cents;
        const payPerItem = row.plan === 'weekly';
        const ok = await repo.extend(trx, row.id, row.booking_id, row.end_date, to, heldUntil, {
          price,
          charge: payPerItem ? price : 0,
          earnings: row.lender_id ? lenderShareCents(price) : 0,
        });
        if (!ok) throw new HttpError('CONFLICT', 'This rental changed at the same time. Please try again.');
      });
      return getOwn(rentalId, userId);
    },

    /**
     * The SPEC's 'Return' (docs/product.md "Renting"): before the piece is dispatched it cancels
     * the reservation (the unit is free at once); after, it says she has sent it back or dropped it
     * at the studio: late days stop, and the unit stays held until staff check it in.
     */
    async return(userId: string, rentalId: number): Promise<Rental> {
      await deps.units.memberReturn(userId, rentalId);
      return getOwn(rentalId, userId);
    },

    /** She marks a delivered piece received (a studio pickup is marked handed over by the studio). */
    async received(userId: string, rentalId: number): Promise<Rental> {
      await deps.units.memberReceive(userId, rentalId);
      return getOwn(rentalId, userId);
    },

    /** Ids of every item the member has ever rented (repeats included). */
    async rentedItemIds(userId: string): Promise<number[]> {
      return (await repo.rentedItemIds(userId)).map((r) => r.item_id);
    },
  };
}

export type RentalsService = ReturnType<typeof createRentalsService>;
