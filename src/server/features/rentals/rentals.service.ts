import { randomUUID } from 'node:crypto';
import { handoffOf, type Handoff } from '../../../domain/availability';
import { RENTAL_DAYS, addDays } from '../../../domain/catalogue';
import { LENDING_MESSAGES } from '../../../domain/lending';
import { lenderShareCents } from '../../../domain/listings';
import { declineMessage } from '../../../domain/payments';
import { PickupOptionSchema, PlanIdSchema, planTitle } from '../../../domain/plans';
import {
  MAX_RENTAL_DAYS,
  RENTAL_MESSAGES,
  daysBetween,
  daysLate,
  defaultRentalRange,
  isLateToDispatch,
  lateDispatchCancelDate,
  LATE_FEE_STATUSES,
  lateFeeCapCents,
  lateFeeCents,
  lateFeePerDayCents,
  rentalActions,
  rentalPriceCents,
  rentalStatus,
  startDateProblem,
  type BookRentalInput,
  type Cancellation,
  type LateFeeStatus,
  type Quote,
  type QuoteQuery,
  type Rental,
  type RentalMarks,
} from '../../../domain/rentals';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { DomainError, notFound, unauthenticated } from '../../../domain/errors';
import type { RateLimit } from '../../rate-limit';
import type { CatalogueService, ItemPicturesService } from '../catalogue';
import type { UnitLifeService } from '../ops';
import type { OrdersService } from '../orders';
import type { LedgerEntry, PaymentsService } from '../payments';
import type { PlansService } from '../plans';
import type { NotificationsService } from '../notifications';
import { createRentalCancellation } from './rental-cancellation';
import { createRentalsRepository, isUniqueViolation, type RentalRow } from './rentals.repository';

/**
 * A unit held for the member (a waitlist hold, decision 0034), booked through the normal booking:
 * `claim` runs in the booking's transaction before a unit is looked for (it takes the hold once,
 * or throws, and lets the hold's booking go); `attach` records the rental made from it.
 */
export interface HeldUnitClaim {
  claim(trx: Kysely<DB>): Promise<void>;
  attach(trx: Kysely<DB>, rentalId: number): Promise<void>;
}

/** What an extension's settler needs (the ledger entry's context). */
interface ExtensionContext {
  bookingId: number;
  fromEnd: string;
  toEnd: string;
  /** The unit held until then before, and until then while the week is being paid (decision 0031's cleaning window). */
  fromHeld: string;
  toHeld: string;
  priceCents: number;
  lenderId: string | null;
}

/** How late a rental is and its fee (docs/product.md "Renting"): so far while out, as worked out at check-in after. */
function lateOf(row: RentalRow, today: string, dayOf: (instant: string) => string): Rental['late'] {
  const perDayCents = lateFeePerDayCents(row.rental_price_cents);
  const capCents = lateFeeCapCents(row.rental_price_cents, row.retail_price_cents);
  if (row.checked_in_at) {
    if (!row.late_days) return null;
    const status = (LATE_FEE_STATUSES as readonly string[]).includes(row.late_fee_status ?? '')
      ? (row.late_fee_status as LateFeeStatus)
      : 'due';
    return { days: row.late_days, feeCents: row.late_fee_cents ?? 0, perDayCents, capCents, status };
  }
  if (!row.dispatched_at) return null;
  const days = daysLate(row.end_date, row.returned_at ? dayOf(row.returned_at) : today);
  if (days === 0) return null;
  return {
    days,
    feeCents: lateFeeCents(days, row.rental_price_cents, row.retail_price_cents),
    perDayCents,
    capCents,
    status: 'accruing',
  };
}

function marksOf(row: RentalRow, dayOf: (instant: string) => string): RentalMarks {
  return {
    startDate: row.start_date,
    endDate: row.end_date,
    handoff: handoffOf(row.pickup_option),
    dispatchedAt: row.dispatched_at,
    dispatchedOn: row.dispatched_at ? dayOf(row.dispatched_at) : null,
    receivedAt: row.received_at,
    returnedAt: row.returned_at,
    checkedInAt: row.checked_in_at,
    cancelledAt: row.cancelled_at,
  };
}

const invalidStart = (message: string) =>
  new DomainError('VALIDATION_FAILED', `Invalid body: startDate ${message}`, {
    issues: [{ path: 'startDate', message }],
  });
const paymentInProgress = () =>
  new DomainError('CONFLICT', 'A payment for this rental is still in progress. Please try again in a moment.');

/**
 * Rentals (docs/product.md, "Renting"; decision 0030): booking with payment, extending, returning
 * and cancelling. A pay-per-item booking holds the unit and records its charge in one
 * transaction, charges the card after it, then confirms or releases (the ledger's three steps,
 * decision 0029); a plan's booking uses the allowance and is confirmed in its transaction.
 */
export function createRentalsService(
  ctx: AppContext,
  deps: {
    catalogue: CatalogueService;
    plans: PlansService;
    units: UnitLifeService;
    payments: PaymentsService;
    orders: OrdersService;
    pictures: ItemPicturesService;
    notifications: NotificationsService;
    /**
     * Told of a booking whose charge was declined, in the settlement's transaction, before the
     * rental and its booking are deleted: the waitlist gives back the hold it was booked from.
     */
    bookingDeclined: (trx: Kysely<DB>, rentalId: number) => Promise<void>;
  },
) {
  const { db } = ctx.database;
  const repo = createRentalsRepository(db);
  const cancellation = createRentalCancellation(ctx, {
    repo,
    payments: deps.payments,
    orders: deps.orders,
    notifications: deps.notifications,
  });
  const { catalogue, payments, orders } = deps;
  const { pictures } = deps;
  const subscriptions = deps.plans;
  const today = () => ctx.today();
  const limiter = ctx.limits;
  const log = ctx.logger.child({ feature: 'rentals' });
  /** Booking and extension charges per member and hour: each reaches the payment provider. */
  const CHARGES: RateLimit = { name: 'rental-charge', max: ctx.env.rentalChargeRateLimit, windowMs: 60 * 60_000 };

  /** Rentals with their item's first picture (the one owner decides: photo or drawing). */
  async function toRentals(rows: RentalRow[]): Promise<Rental[]> {
    const pics = await pictures.forIds(rows.map((r) => r.item_id));
    return rows.map((row) => toRental(row, pics.get(row.item_id)?.imageUrl ?? ''));
  }

  function toRental(row: RentalRow, imageUrl: string): Rental {
    const pickup = PickupOptionSchema.safeParse(row.pickup_option);
    const plan = PlanIdSchema.safeParse(row.plan);
    const day = today();
    const marks = marksOf(row, ctx.dayOf);
    const status = rentalStatus(marks, day);
    return {
      id: row.id,
      itemId: row.item_id,
      name: row.name,
      brand: row.brand,
      imageUrl,
      size: row.size,
      startDate: row.start_date,
      returnDate: row.end_date,
      status,
      actions: row.order_status === 'pending_payment' ? [] : rentalActions(marks, day),
      priceCents: row.price_cents,
      chargeCents: row.charge_cents,
      coveredByPlan: row.billing_period_start !== null,
      plan: plan.success ? plan.data : 'weekly',
      pickupOption: pickup.success ? pickup.data : null,
      orderNumber: row.order_number,
      extensions: row.extensions,
      returnedAt: row.returned_at,
      cancelledAt: row.cancelled_at,
      createdAt: row.created_at,
      handoff: marks.handoff,
      dispatchedAt: row.dispatched_at,
      receivedAt: row.received_at,
      checkedInAt: row.checked_in_at,
      cancelled: row.returned_at !== null && row.dispatched_at === null,
      late: lateOf(row, day, ctx.dayOf),
      backupSize: row.backup_size,
      lateToDispatch:
        row.lender_id === null && row.order_status !== 'pending_payment' && isLateToDispatch(marks, day)
          ? { since: row.start_date, cancelsOn: lateDispatchCancelDate(row.start_date) }
          : null,
    };
  }

  async function getOwn(id: number, userId: string): Promise<Rental> {
    const row = await repo.findForUser(id, userId);
    if (!row || row.order_status === 'payment_failed') throw notFound('Rental not found');
    return (await toRentals([row]))[0]!;
  }

  const alreadyRented = () => new DomainError('ALREADY_RENTED', RENTAL_MESSAGES.alreadyRentedBody);

  async function takeChargeAttempt(userId: string): Promise<void> {
    const verdict = await limiter.take(CHARGES, userId);
    if (verdict.allowed) return;
    const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
    log.warn({ userId }, 'rental charge attempts limit reached');
    throw new DomainError(
      'RATE_LIMITED',
      `Too many payment attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      {
        details: { retryAfterSeconds: verdict.retryAfterSeconds, limit: CHARGES.max },
      },
    );
  }

  // The refusals name the piece; where to add or change the card is the web's (its card page).
  function cardRequired(itemId: number | null): DomainError {
    return new DomainError('CARD_REQUIRED', RENTAL_MESSAGES.cardRequired, { details: itemId ? { itemId } : {} });
  }

  function declined(outcome: { code: string }, itemId: number | null): DomainError {
    return new DomainError('PAYMENT_DECLINED', declineMessage(outcome.code), {
      details: { declineCode: outcome.code, ...(itemId ? { itemId } : {}) },
    });
  }

  // The outcome of a booking's charge: confirmed, or nothing booked (decision 0030).
  payments.onSettle('booking', async (trx, entry, outcome) => {
    if (entry.rentalId === null || entry.orderId === null) return;
    if (outcome.status === 'succeeded') {
      const rental = await repo.forSettlement(trx, entry.rentalId);
      if (!rental) return;
      await repo.recordCharge(trx, entry.rentalId, entry.amountCents);
      await repo.countRental(trx, rental.item_id);
      await orders.confirm(trx, entry.orderId);
    } else {
      await orders.fail(trx, entry.orderId);
      await deps.bookingDeclined(trx, entry.rentalId);
      await repo.deleteRental(trx, entry.rentalId);
    }
  });

  // The outcome of an extension's charge: the rental runs a week longer, or the held week is let go.
  payments.onSettle('extension', async (trx, entry, outcome) => {
    if (entry.kind !== 'charge' || entry.rentalId === null) return;
    const c = entry.context as unknown as ExtensionContext;
    if (outcome.status !== 'succeeded') {
      await repo.releaseExtension(trx, c.bookingId, c.fromHeld, c.toHeld);
      return;
    }
    const ok = await repo.extend(trx, entry.rentalId, c.bookingId, c.fromEnd, c.toEnd, c.toHeld, {
      price: c.priceCents,
      charge: entry.amountCents,
      earnings: c.lenderId ? lenderShareCents(c.priceCents) : 0,
    });
    if (!ok) {
      // The rental ended meanwhile (returns and cancellations wait for payments in progress, so
      // this should not happen): the week is not given, the money goes back.
      log.error(
        { entryId: entry.id, rentalId: entry.rentalId },
        'extension paid for a rental that had ended: refunding it',
      );
      await payments.record(trx, {
        userId: entry.userId,
        purpose: 'extension',
        kind: 'refund',
        amountCents: entry.amountCents,
        description: 'Refund: extension not applied',
        orderId: entry.orderId,
        rentalId: entry.rentalId,
        target: { ...entry, status: 'succeeded', providerRef: outcome.providerRef },
        idempotencyKey: `${entry.idempotencyKey}:refund`,
      });
    }
  });

  // A cancellation's refund: nothing more to apply; a refused refund stays in the ledger for client care.
  payments.onSettle('cancellation', async (_trx, entry, outcome) => {
    if (outcome.status !== 'succeeded')
      log.error(
        { entryId: entry.id, orderId: entry.orderId, outcome },
        'a cancellation refund was refused by the provider',
      );
  });

  /** The range asked for (7 days from today by default), checked against today and the booking horizon. */
  function rangeOf(input: { startDate?: string | undefined; endDate?: string | undefined }) {
    const day = today();
    const { startDate, endDate } =
      input.startDate && input.endDate
        ? { startDate: input.startDate, endDate: input.endDate }
        : defaultRentalRange(day);
    const problem = startDateProblem(startDate, day);
    if (problem) throw invalidStart(problem);
    return { startDate, endDate };
  }

  async function sizeChecked(itemId: number, size: string, field = 'size') {
    const item = await catalogue.getItem(itemId);
    if (!(item.sizes as string[]).includes(size)) {
      throw new DomainError('VALIDATION_FAILED', `Invalid body: ${field} ${size} is not offered for this item`, {
        issues: [{ path: field, message: `must be one of ${item.sizes.join(', ')}` }],
      });
    }
    return item;
  }

  return {
    async list(userId: string, all = false): Promise<Rental[]> {
      return toRentals(await repo.listForUser(userId, all));
    },

    get: getOwn,

    /**
     * Books a unit of the item's size for [start, end) (7 days from today unless a range is given).
     * Everything that must hold under concurrency is decided inside one transaction: a free unit
     * (locked on PostgreSQL, serialised on SQLite), the plan allowance (a conditional update), one
     * open rental per member and item (a partial unique index). A pay-per-item booking records its
     * charge in that transaction, as the order's only charge (its key is the order number), and
     * the card is charged after the commit: the rental is confirmed, or removed if declined.
     */
    async book(userId: string, input: BookRentalInput, hold?: HeldUnitClaim): Promise<Rental> {
      const { startDate, endDate } = rangeOf(input);
      // Reads that run their own queries happen before the transaction (SQLite has one connection).
      await sizeChecked(input.itemId, input.size);
      if (input.backupSize !== undefined) await sizeChecked(input.itemId, input.backupSize, 'backupSize');
      const allowance = await subscriptions.currentBillingPeriod(userId);
      const plan = allowance?.plan ?? (await subscriptions.getSubscription(userId)).plan;
      const card = allowance ? null : await subscriptions.cardForCharge(userId);
      if (!allowance && !card) throw cardRequired(input.itemId);
      const delivery = await orders.resolveDelivery(userId, input, await subscriptions.getPickup(userId));
      const handoff = handoffOf(delivery.method);
      // The days the unit is held: the shipping day before a delivery, the cleaning window after (decision 0031).
      const held = catalogue.occupancy(startDate, endDate, handoff);
      if (card) await takeChargeAttempt(userId);
      const now = ctx.clock().toISOString();

      let booked: { rentalId: number; entry: LedgerEntry | null };
      try {
        booked = await db.transaction().execute(async (trx) => {
          // The booker's own row first (an account deletion racing this booking), then the item
          // row's lock before any unit's (the order a listing's removal also follows).
          if (!(await repo.memberIsActive(trx, userId))) throw unauthenticated();
          const row = await repo.itemForBooking(trx, input.itemId);
          if (!row || row.status !== 'active') throw notFound('Item not found');
          if (row.owner_id === userId) throw new DomainError('FORBIDDEN', RENTAL_MESSAGES.ownListing);
          // A member's piece is requested, and the lender accepts (decision 0035): never booked at once.
          if (row.owner_id !== null)
            throw new DomainError('CONFLICT', LENDING_MESSAGES.requestRequired, {
              details: { action: 'request', requestUrl: '/api/lending/requests' },
            });
          if (await repo.hasOpenRental(trx, userId, input.itemId)) throw alreadyRented();
          // A unit held for her (the waitlist, decision 0034): claimed once, and its hold let go
          // in this transaction, so the free unit found next is that one.
          if (hold) await hold.claim(trx);

          const unitId = await catalogue.freeUnitFor(trx, input.itemId, input.size, held);
          if (unitId === null) {
            const days = Math.max(1, daysBetween(startDate, endDate));
            const next = await catalogue.nextFreeDate(trx, input.itemId, input.size, startDate, days, handoff);
            throw new DomainError('SOLD_OUT', RENTAL_MESSAGES.soldOut, {
              details: { nextFreeDate: next, size: input.size },
            });
          }
          // The backup size: a second unit for the same days, or no booking at all (decision 0034).
          const backupUnitId =
            input.backupSize === undefined
              ? null
              : await catalogue.freeUnitFor(trx, input.itemId, input.backupSize, held);
          if (input.backupSize !== undefined && backupUnitId === null) {
            throw new DomainError('SOLD_OUT', RENTAL_MESSAGES.backupSoldOut, {
              details: { size: input.backupSize, backup: true },
            });
          }

          if (allowance && !(await repo.useAllowance(trx, userId, allowance.start, allowance.itemAllowance))) {
            throw new DomainError(
              'ALLOWANCE_EXCEEDED',
              `You have rented all ${allowance.itemAllowance} pieces your plan includes this billing month (until ${allowance.end}). Change your plan to rent more.`,
              {
                details: {
                  allowance: allowance.itemAllowance,
                  periodEnd: allowance.end,
                },
              },
            );
          }

          const price = rentalPriceCents(row.rental_price_cents, startDate, endDate);
          const order = await orders.create(trx, {
            userId,
            status: allowance ? 'confirmed' : 'pending_payment',
            plan,
            coveredByPlan: !!allowance,
            totalCents: price,
            delivery,
            card: card ? { brand: card.brand, lastFour: card.lastFour } : null,
          });
          const bookingId = await repo.insertBooking(trx, {
            unit_id: unitId,
            item_id: input.itemId,
            start_date: held.start,
            end_date: held.end,
            created_at: now,
          });
          if (backupUnitId !== null) {
            await repo.insertBackupBooking(trx, {
              unit_id: backupUnitId,
              item_id: input.itemId,
              start_date: held.start,
              end_date: held.end,
              created_at: now,
              follows_booking_id: bookingId,
            });
          }
          const rentalId = await repo.insertRental(trx, {
            user_id: userId,
            item_id: input.itemId,
            booking_id: bookingId,
            unit_id: unitId,
            size: input.size,
            start_date: startDate,
            end_date: endDate,
            plan,
            price_cents: price,
            // What was collected: set when the charge succeeds (a plan's rental is not charged).
            charge_cents: 0,
            lender_id: row.owner_id,
            lender_earnings_cents: row.owner_id ? lenderShareCents(price) : 0,
            pickup_option: delivery.method,
            billing_period_start: allowance?.start ?? null,
            extensions: 0,
            returned_at: null,
            created_at: now,
            order_id: order.id,
            cancelled_at: null,
            backup_size: input.backupSize ?? null,
          });
          if (hold) await hold.attach(trx, rentalId);
          if (!card) {
            // Within the plan's allowance: confirmed now (the order was created confirmed).
            await repo.countRental(trx, input.itemId);
            return { rentalId, entry: null };
          }
          const entry = await payments.record(trx, {
            userId,
            purpose: 'booking',
            kind: 'charge',
            amountCents: price,
            description: `Rental: ${input.size}, ${startDate} to ${endDate}`,
            idempotencyKey: `order:${order.number}:charge`,
            orderId: order.id,
            rentalId,
            card,
          });
          return { rentalId, entry };
        });
      } catch (err) {
        // Two requests by the same member at once: the partial unique index refuses the second.
        if (isUniqueViolation(err)) throw alreadyRented();
        throw err;
      }
      if (booked.entry) {
        const outcome = await payments.run(booked.entry.id);
        if (outcome.status === 'declined') throw declined(outcome, input.itemId);
        if (outcome.status === 'failed')
          throw new Error(`the booking's charge was refused as a request: ${outcome.code}`);
      }
      return getOwn(booked.rentalId, userId);
    },

    /**
     * What booking would cost and whether it would go through, for the item page (no session:
     * the pay-per-item price). Dates in the past or beyond the booking window are a 400 naming
     * startDate, like the booking.
     */
    async quote(userId: string | null, q: QuoteQuery): Promise<Quote> {
      const { startDate, endDate } = rangeOf(q);
      const item = await sizeChecked(q.itemId, q.size);
      const days = daysBetween(startDate, endDate);
      const priceCents = rentalPriceCents(item.rentalPriceCents, startDate, endDate);
      const handoff: Handoff = handoffOf(
        q.delivery ?? (userId ? (await subscriptions.getPickup(userId)).option : null),
      );
      const available = await catalogue.hasFreeUnit(q.itemId, q.size, catalogue.occupancy(startDate, endDate, handoff));
      const nextFreeDate = available
        ? startDate
        : await catalogue.nextFreeDate(db, q.itemId, q.size, startDate, Math.max(1, days), handoff);
      // A member's piece is paid per piece whatever her plan (decision 0035): no allowance applies.
      const period = userId && !item.fromMember ? await subscriptions.currentBillingPeriod(userId) : null;
      const used = period && userId ? await repo.allowanceUsed(userId, period.start) : 0;
      const remaining = period ? Math.max(0, period.itemAllowance - used) : 0;
      const card = userId && !period ? await subscriptions.cardForCharge(userId) : null;
      const open = userId ? await repo.hasOpenRental(db, userId, q.itemId) : false;
      const own = userId
        ? item.fromMember && (await repo.itemForBooking(db, q.itemId, false))?.owner_id === userId
        : false;
      let refusal: Quote['refusal'] = null;
      if (!userId) refusal = { code: 'UNAUTHENTICATED', message: 'Sign in to rent this piece.' };
      else if (own) refusal = { code: 'FORBIDDEN', message: RENTAL_MESSAGES.ownListing };
      else if (open) refusal = { code: 'ALREADY_RENTED', message: RENTAL_MESSAGES.alreadyRentedBody };
      else if (!available) refusal = { code: 'SOLD_OUT', message: RENTAL_MESSAGES.soldOut };
      else if (period && remaining === 0)
        refusal = {
          code: 'ALLOWANCE_EXCEEDED',
          message: `You have rented all ${period.itemAllowance} pieces your plan includes this billing month (until ${period.end}).`,
        };
      else if (!period && !card) refusal = { code: 'CARD_REQUIRED', message: RENTAL_MESSAGES.addCard };
      return {
        itemId: q.itemId,
        size: q.size,
        handoff,
        startDate,
        endDate,
        days,
        weeks: Math.max(1, Math.ceil(days / RENTAL_DAYS)),
        weeklyPriceCents: item.rentalPriceCents,
        priceCents,
        chargeCents: period ? 0 : priceCents,
        includedInPlan: !!period && remaining > 0,
        plan: period
          ? {
              id: period.plan,
              title: planTitle(period.plan),
              allowance: period.itemAllowance,
              used,
              remaining,
              periodEnd: period.end,
            }
          : null,
        available,
        nextFreeDate,
        card: card ? { brand: card.brand, lastFour: card.lastFour } : null,
        signedIn: !!userId,
        refusal,
      };
    },

    /**
     * Moves the return date 7 days later, only if the same unit is free for those days. On a
     * pay-per-item rental the week is charged first: the unit is held for it in the transaction
     * that records the charge, and the rental runs longer once the charge went through.
     */
    async extend(userId: string, rentalId: number, seenReturnDate?: string): Promise<Rental> {
      // A pay-per-item rental's extension is charged: a card is needed, and the attempt counts.
      const before = await repo.findForUser(rentalId, userId);
      const card = before?.plan === 'weekly' && !before.returned_at ? await subscriptions.cardForCharge(userId) : null;
      if (before?.plan === 'weekly' && !before.returned_at && before.order_status !== 'pending_payment') {
        if (!card) throw cardRequired(null);
        await takeChargeAttempt(userId);
      }
      const pending = await db.transaction().execute(async (trx): Promise<LedgerEntry | null> => {
        const first = await repo.findForUser(rentalId, userId, trx);
        if (!first || first.order_status === 'payment_failed') throw notFound('Rental not found');
        // The unit's lock, then the rental's (PostgreSQL), then the rental read afresh under them:
        // two extensions (or an extension and a booking of the unit) run one after the other, and
        // the second sees the first's hold, its charge in progress, or its new return date (the
        // first's settlement cannot commit while this holds the rental's row).
        await repo.lockUnit(trx, first.unit_id);
        await repo.lockRental(trx, rentalId);
        const row = (await repo.findForUser(rentalId, userId, trx)) ?? first;
        if (row.cancelled_at) throw new DomainError('CONFLICT', 'This rental has been cancelled.');
        if (row.returned_at || row.checked_in_at) throw new DomainError('CONFLICT', RENTAL_MESSAGES.extendReturned);
        if (row.order_status === 'pending_payment') throw paymentInProgress();
        if ((await payments.forRental(row.id, trx)).some((e) => e.settledAt === null)) throw paymentInProgress();
        if (seenReturnDate && seenReturnDate !== row.end_date)
          throw new DomainError('CONFLICT', RENTAL_MESSAGES.extendedMeanwhile, {
            details: { returnDate: row.end_date },
          });
        const to = addDays(row.end_date, RENTAL_DAYS);
        if (daysBetween(row.start_date, to) > MAX_RENTAL_DAYS)
          throw new DomainError('CONFLICT', RENTAL_MESSAGES.extendTooLong);
        // The unit is held to the new date's cleaning window (never less than it is held now).
        const wanted = catalogue.occupancy(row.start_date, to, handoffOf(row.pickup_option)).end;
        const heldUntil = wanted > row.held_until ? wanted : row.held_until;
        const clash = await repo.otherBookingOverlapping(trx, row.unit_id, row.booking_id, row.held_until, heldUntil);
        if (clash)
          throw new DomainError('CONFLICT', RENTAL_MESSAGES.extendBlocked, {
            details: { bookedFrom: clash.start_date },
          });
        const price = row.rental_price_cents;
        if (row.plan !== 'weekly') {
          // Within a paid plan an extension costs nothing.
          const ok = await repo.extend(trx, row.id, row.booking_id, row.end_date, to, heldUntil, {
            price,
            charge: 0,
            earnings: row.lender_id ? lenderShareCents(price) : 0,
          });
          if (!ok) throw new DomainError('CONFLICT', 'This rental changed at the same time. Please try again.');
          return null;
        }
        if (!card) throw cardRequired(null);
        // The week is held for her (the booking ends later) while its charge is with the provider;
        // only one extension at a time gets it.
        if (!(await repo.holdExtension(trx, row.booking_id, row.held_until, heldUntil)))
          throw new DomainError('CONFLICT', 'This rental changed at the same time. Please try again.');
        const context: ExtensionContext = {
          bookingId: row.booking_id,
          fromEnd: row.end_date,
          toEnd: to,
          fromHeld: row.held_until,
          toHeld: heldUntil,
          priceCents: price,
          lenderId: row.lender_id,
        };
        return payments.record(trx, {
          userId,
          purpose: 'extension',
          kind: 'charge',
          amountCents: price,
          description: `Extension: 7 more days, to ${to}`,
          idempotencyKey: `rental:${row.id}:extend:${to}:${randomUUID().slice(0, 8)}`,
          orderId: row.order_id,
          rentalId: row.id,
          card,
          context: { ...context },
        });
      });
      if (pending) {
        const outcome = await payments.run(pending.id);
        if (outcome.status === 'declined') throw declined(outcome, null);
        if (outcome.status === 'failed')
          throw new Error(`the extension's charge was refused as a request: ${outcome.code}`);
        const after = await getOwn(rentalId, userId);
        if (after.returnDate !== (pending.context as unknown as ExtensionContext).toEnd) {
          // It ended meanwhile: the week was not added and its charge is being refunded (the settler).
          throw new DomainError(
            'CONFLICT',
            'This rental changed at the same time: the week was not added, and its charge is refunded.',
          );
        }
        return after;
      }
      return getOwn(rentalId, userId);
    },

    /**
     * The SPEC's 'Return' (docs/product.md "Renting"), once the rental's start date has come
     * (before it, 'Cancel' refunds in full): before the piece is dispatched it cancels the
     * reservation (the unit is free at once); after, it says she has sent it back or dropped it at
     * the studio: late days stop, and the unit stays held until staff check it in. No refund, and a
     * plan's place stays used.
     */
    async return(userId: string, rentalId: number): Promise<Rental> {
      const row = await repo.findForUser(rentalId, userId);
      if (!row || row.order_status === 'payment_failed') throw notFound('Rental not found');
      if (row.cancelled_at) throw new DomainError('CONFLICT', 'This rental has been cancelled.');
      if (row.order_status === 'pending_payment') throw paymentInProgress();
      // Never for a piece she has not received: before it is sent, Cancel (a full refund) is the way out.
      if (!row.returned_at && !row.dispatched_at)
        throw new DomainError('CONFLICT', RENTAL_MESSAGES.returnNotSent, { details: { action: 'cancel' } });
      if (!row.returned_at && today() < row.start_date)
        throw new DomainError('CONFLICT', RENTAL_MESSAGES.returnBeforeStart, { details: { action: 'cancel' } });
      if ((await payments.forRental(row.id)).some((e) => e.settledAt === null)) throw paymentInProgress();
      await deps.units.memberReturn(userId, rentalId);
      return getOwn(rentalId, userId);
    },

    /** She marks a delivered piece received (a studio pickup is marked handed over by the studio). */
    async received(userId: string, rentalId: number): Promise<Rental> {
      await deps.units.memberReceive(userId, rentalId);
      return getOwn(rentalId, userId);
    },

    /**
     * Cancels a rental not yet sent (whatever the date: decision 0030 as amended in
     * docs/product.md "Renting"): the unit is free at once, a plan's place in the month comes
     * back, and everything charged for it is refunded in full (rental-cancellation.ts).
     */
    async cancel(userId: string, rentalId: number): Promise<Cancellation> {
      const result = await cancellation.cancel(userId, rentalId, () => notFound('Rental not found'));
      return {
        rental: await getOwn(rentalId, userId),
        refundCents: result.refunds.reduce((n, r) => n + r.amountCents, 0),
        allowanceReturned: result.allowanceReturned,
      };
    },

    /** The scheduled job of bookings late to dispatch: she is told, and on the stated day it is cancelled and refunded once. */
    sweepLateDispatch: () => cancellation.sweepLateDispatch(),

    /** Ids of every item the member has ever rented (repeats included; cancellations left out). */
    async rentedItemIds(userId: string): Promise<number[]> {
      return (await repo.rentedItemIds(userId)).map((r) => r.item_id);
    },
  };
}

export type RentalsService = ReturnType<typeof createRentalsService>;
