import { handoffOf } from '../../../domain/availability';
import { formatCents } from '../../../domain/money';
import { LENDING_MESSAGES } from '../../../domain/lending';
import {
  RENTAL_MESSAGES,
  daysBetween,
  rentalPriceCents,
  type BookRentalInput,
  type Cancellation,
  type QuoteQuery,
  type Rental,
} from '../../../domain/rentals';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { DomainError, notFound, unauthenticated } from '../../../domain/errors';
import type { ResolvedDelivery } from '../orders';
import type { Pricing } from '../offers';
import type { LedgerEntry } from '../payments';
import { takeChargeAttempt } from './charge-attempts';
import { lenderShareOf, type ManagedBooking } from './managed-booking';
import { rangeOf, recalled, sizeOffered, sizeOrRecalled } from './booking-checks';
import { climb } from './booking-ladder';
import { payWithCredit } from './booking-credit';
import { cardRequired, declined, paymentInProgress } from './rental-refusals';
import { toRental } from './rental-view';
import { settleBookings } from './booking-settlement';
import type { RentalsDeps } from './rentals.deps';
import {
  createRentalsRepository,
  isUniqueViolation,
  type RentalRow,
  type RentalsRepository,
} from './rentals.repository';

/** How long a piece she bought stays on her list of open rentals (then in her history: status=all). */
const KEPT_SHOWN_DAYS = 30;

type BookableItem = NonNullable<Awaited<ReturnType<RentalsRepository['itemForBooking']>>>;

/**
 * A unit held for the member (a waitlist hold, decision 0034), booked through the normal booking:
 * `claim` runs in the booking's transaction before a unit is looked for (it takes the hold once,
 * or throws, and lets the hold's booking go); `attach` records the rental made from it.
 */
export interface HeldUnitClaim {
  claim(trx: Kysely<DB>): Promise<void>;
  attach(trx: Kysely<DB>, rentalId: number): Promise<void>;
}

/**
 * Rentals (docs/product.md, "Renting"; decision 0030): booking with payment, extending, returning
 * and cancelling. A pay-per-item booking holds the unit and records its charge in one
 * transaction, charges the card after it, then confirms or releases (the ledger's three steps,
 * decision 0029); a plan's booking uses the allowance and is confirmed in its transaction.
 */
export function createRentalsService(ctx: AppContext, deps: RentalsDeps) {
  const { db } = ctx.database;
  const repo = createRentalsRepository(db);
  const { catalogue, payments, orders, core, pictures, quote, extension, cancellation, offers } = deps;
  const subscriptions = deps.plans;
  const today = () => ctx.today();
  const log = ctx.logger.child({ feature: 'rentals' });

  /** Rentals with their item's first picture (the one owner decides: photo or drawing). */
  async function toRentals(rows: RentalRow[]): Promise<Rental[]> {
    const pics = await pictures.forIds(rows.map((r) => r.item_id));
    return rows.map((row) => toRental(row, pics.get(row.item_id)?.imageUrl ?? '', today(), ctx.dayOf));
  }

  async function getOwn(id: number, userId: string): Promise<Rental> {
    const row = await repo.findForUser(id, userId);
    if (!row || row.order_status === 'payment_failed') throw notFound('Rental not found');
    return (await toRentals([row]))[0]!;
  }

  const alreadyRented = () => new DomainError('ALREADY_RENTED', RENTAL_MESSAGES.alreadyRentedBody);

  settleBookings(deps, repo, log);

  return {
    async list(userId: string, all = false): Promise<Rental[]> {
      // A piece she kept stays on her open list for KEPT_SHOWN_DAYS, as hers (decision 0059).
      const keptSince = new Date(ctx.clock().getTime() - KEPT_SHOWN_DAYS * 86_400_000).toISOString();
      return toRentals(await repo.listForUser(userId, all, keptSince));
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
      // The refusal ladder (booking-ladder.ts) in two stretches: the input's rungs here, since
      // reads that run their own queries happen before the transaction (SQLite has one
      // connection); the rest in the transaction.
      let range!: { startDate: string; endDate: string };
      let delivery!: ResolvedDelivery;
      await climb(
        {
          range: () => void (range = rangeOf(input, today())),
          // A recalled managed piece is told as such (decision 0062).
          size: () =>
            sizeOrRecalled(catalogue, input, async () => (await repo.itemForBooking(db, input.itemId))?.status),
          backupSize: async () => {
            if (input.backupSize !== undefined)
              await sizeOffered(catalogue, input.itemId, input.backupSize, 'backupSize');
          },
          delivery: async () =>
            void (delivery = await orders.resolveDelivery(userId, input, await subscriptions.getPickup(userId))),
        },
        'range',
        'delivery',
      );
      const { startDate, endDate } = range;
      const terms = await subscriptions.bookingTerms(userId);
      const { allowance, plan } = terms;
      // Plan pieces are not booked while her plan is paused (decision 0058): nothing is charged instead.
      const paused = allowance ? null : terms.paused;
      const card = allowance || paused ? null : terms.card;
      const handoff = handoffOf(delivery.method);
      // The days the unit is held: the shipping day before a delivery, the cleaning window after (decision 0031).
      const held = catalogue.occupancy(startDate, endDate, handoff);
      if (card) await takeChargeAttempt(ctx, userId);
      if (input.code) await offers.takeCodeAttempt(userId);
      const now = ctx.clock().toISOString();

      let booked: { rentalId: number; entry: LedgerEntry | null };
      try {
        booked = await db.transaction().execute(async (trx) => {
          // The booker's own row first (an account deletion racing this booking), then the item
          // row's lock before any unit's (the order a listing's removal also follows).
          let row!: BookableItem;
          let unitId!: number;
          let backupUnitId = null as number | null;
          let pricing: Pricing | undefined;
          // The welcome offer or her code, priced by the quote's rule in this transaction (decision 0056).
          const priced = async () =>
            (pricing ??= await offers.price(trx, {
              userId,
              priceCents: rentalPriceCents(row.rental_price_cents, startDate, endDate),
              coveredByPlan: !!allowance,
              code: input.code,
            }));
          let managed: ManagedBooking | null = null;
          await climb(
            {
              member: async () => ((await repo.memberIsActive(trx, userId)) ? null : unauthenticated()),
              item: async () => {
                const found = await core.lockItemForBooking(trx, input.itemId);
                // A recall that committed first (decision 0062): she is told why, not 'not found'.
                if (found?.status === 'recalled') return recalled();
                if (!found || found.status !== 'active') return notFound('Item not found');
                row = found;
              },
              own: () => (row.owner_id === userId ? new DomainError('FORBIDDEN', RENTAL_MESSAGES.ownListing) : null),
              // A member's piece is requested, and the lender accepts (decision 0035): never booked at once.
              path: async () =>
                row.owner_id === null || (managed = (await deps.managed?.isManaged(trx, row.id)) ? deps.managed! : null)
                  ? null
                  : new DomainError('CONFLICT', LENDING_MESSAGES.requestRequired, {
                      details: { action: 'request', requestUrl: '/api/lending/requests' },
                    }),
              open: async () => ((await repo.hasOpenRental(trx, userId, input.itemId)) ? alreadyRented() : null),
              soldOut: async () => {
                // A unit held for her (the waitlist, decision 0034): claimed once, and its hold let go
                // in this transaction, so the free unit found next is that one.
                if (hold) await hold.claim(trx);
                const free = await core.freeUnitFor(trx, input.itemId, input.size, held);
                if (free !== null) return void (unitId = free);
                const days = Math.max(1, daysBetween(startDate, endDate));
                const next = await catalogue.nextFreeDate(trx, input.itemId, input.size, startDate, days, handoff);
                return new DomainError('SOLD_OUT', RENTAL_MESSAGES.soldOut, {
                  details: { nextFreeDate: next, size: input.size },
                });
              },
              // The backup size: a second unit for the same days, or no booking at all (decision 0034).
              backupSoldOut: async () => {
                if (input.backupSize === undefined) return;
                backupUnitId = await core.freeUnitFor(trx, input.itemId, input.backupSize, held);
                if (backupUnitId === null)
                  return new DomainError('SOLD_OUT', RENTAL_MESSAGES.backupSoldOut, {
                    details: { size: input.backupSize, backup: true },
                  });
              },
              paused: () => paused,
              allowance: async () => {
                if (allowance && !(await repo.useAllowance(trx, userId, allowance.start, allowance.itemAllowance)))
                  return new DomainError(
                    'ALLOWANCE_EXCEEDED',
                    `You have rented all ${allowance.itemAllowance} pieces your plan includes this billing month (until ${allowance.end}). Change your plan to rent more.`,
                    { details: { allowance: allowance.itemAllowance, periodEnd: allowance.end } },
                  );
              },
              // No card is needed when her store credit pays it all (decision 0069): read under her
              // credit lock, held to the commit, so a second booking needing the same credit waits and is refused.
              card: async () => {
                if (allowance || card) return null;
                const p = await priced();
                const due = rentalPriceCents(row.rental_price_cents, startDate, endDate) - (p.discount?.cents ?? 0);
                const credit = await deps.credit.covers(trx, userId, due);
                return credit.covers ? null : cardRequired(input.itemId, credit.balanceCents > 0);
              },
              offer: async () => (await priced()).refusal,
            },
            'member',
          );

          const price = rentalPriceCents(row.rental_price_cents, startDate, endDate);
          const discount = allowance ? null : pricing!.discount;
          const order = await orders.create(trx, {
            userId,
            status: allowance ? 'confirmed' : 'pending_payment',
            plan,
            coveredByPlan: !!allowance,
            totalCents: price,
            discount,
            delivery,
            card: card ? { brand: card.brand, lastFour: card.lastFour } : null,
          });
          const { rentalId } = await core.book(trx, {
            userId,
            itemId: input.itemId,
            unitId,
            size: input.size,
            startDate,
            endDate,
            held,
            plan,
            priceCents: price,
            lenderId: row.owner_id,
            lenderEarningsCents: lenderShareOf(row.owner_id, managed, price),
            pickupOption: delivery.method,
            billingPeriodStart: allowance?.start ?? null,
            orderId: order.id,
            backup:
              backupUnitId !== null && input.backupSize !== undefined
                ? { unitId: backupUnitId, size: input.backupSize }
                : undefined,
            at: now,
          });
          if (hold) await hold.attach(trx, rentalId);
          const shareCents = lenderShareOf(row.owner_id, managed, price);
          const m = managed as ManagedBooking | null; // set in the path rung
          if (m && row.owner_id) await m.booked(trx, { rentalId, itemId: row.id, lenderId: row.owner_id, shareCents });
          // The database decides: a welcome offer claimed by a booking that committed first, or a
          // code's last use taken, refuses this one (and rolls it back).
          await offers.claim(trx, userId, order.id, { ...pricing!, discount });
          if (allowance) {
            // Within the plan's allowance: confirmed now (the order was created confirmed).
            await repo.countRental(trx, input.itemId);
            await m?.confirmed(trx, rentalId);
            return { rentalId, entry: null };
          }
          // Her store credit pays first (decision 0063); paid in full with it, confirmed now.
          const due = price - (discount?.cents ?? 0);
          const creditCents = await payWithCredit(
            trx,
            { credit: deps.credit, orders, repo },
            { userId, order, due, itemId: input.itemId },
          );
          if (creditCents === due) {
            await m?.confirmed(trx, rentalId);
            return { rentalId, entry: null };
          }
          // Without a card only credit that pays it all books (the card rung checked it under her lock).
          if (!card) throw cardRequired(input.itemId, creditCents > 0);
          const entry = await payments.record(trx, {
            userId,
            purpose: 'booking',
            kind: 'charge',
            amountCents: due - creditCents,
            description: `Rental: ${input.size}, ${startDate} to ${endDate}${discount ? ` (${discount.label})` : ''}${creditCents > 0 ? ` (store credit ${formatCents(creditCents)})` : ''}`,
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
      await deps.booked?.(booked.rentalId);
      return getOwn(booked.rentalId, userId);
    },

    quote: (userId: string | null, q: QuoteQuery) => quote(userId, q),

    /** Keep it (decision 0059): she buys the piece; answers with the rental, now hers. */
    async keep(userId: string, rentalId: number): Promise<Rental> {
      await deps.keep.keep(userId, rentalId);
      return getOwn(rentalId, userId);
    },

    async extend(userId: string, rentalId: number, seenReturnDate?: string): Promise<Rental> {
      await extension.extend(userId, rentalId, seenReturnDate);
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
      await core.memberReturn(userId, rentalId);
      return getOwn(rentalId, userId);
    },

    /** She marks a delivered piece received (a studio pickup is marked handed over by the studio). */
    async received(userId: string, rentalId: number): Promise<Rental> {
      await core.memberReceive(userId, rentalId);
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
