import { randomUUID } from 'node:crypto';
import { handoffOf } from '../../../domain/availability';
import { RENTAL_DAYS, addDays } from '../../../domain/catalogue';
import { DomainError, notFound } from '../../../domain/errors';
import { lenderShareCents } from '../../../domain/listings';
import { MAX_RENTAL_DAYS, RENTAL_MESSAGES, daysBetween } from '../../../domain/rentals';
import type { AppContext } from '../../context';
import type { BookingsCore } from '../bookings';
import type { CatalogueService } from '../catalogue';
import type { LedgerEntry, PaymentsService } from '../payments';
import type { PlansService } from '../plans';
import { takeChargeAttempt } from './charge-attempts';
import { cardRequired, declined, paymentInProgress } from './rental-refusals';
import { createRentalsRepository } from './rentals.repository';

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

/**
 * A rental's extension by a week (docs/product.md "Renting"): the same unit held 7 days longer
 * through the bookings core, charged first on a pay-per-item rental. Built in services.ts and
 * passed to the rentals service, which answers with the rental.
 */
export function createRentalExtension(
  ctx: AppContext,
  deps: {
    core: BookingsCore;
    catalogue: CatalogueService;
    payments: PaymentsService;
    plans: PlansService;
  },
) {
  const { db } = ctx.database;
  const repo = createRentalsRepository(db);
  const { core, catalogue, payments } = deps;
  const subscriptions = deps.plans;
  const log = ctx.logger.child({ feature: 'rentals' });

  // The outcome of an extension's charge: the rental runs a week longer, or the held week is let go.
  payments.onSettle('extension', async (trx, entry, outcome) => {
    if (entry.kind !== 'charge' || entry.rentalId === null) return;
    const c = entry.context as unknown as ExtensionContext;
    if (outcome.status !== 'succeeded') {
      await core.unstretchHold(trx, c.bookingId, c.fromHeld, c.toHeld);
      return;
    }
    const ok = await core.extendRental(trx, entry.rentalId, c.bookingId, c.fromEnd, c.toEnd, c.toHeld, {
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

  /**
   * Moves the return date 7 days later, only if the same unit is free for those days. On a
   * pay-per-item rental the week is charged first: the unit is held for it in the transaction
   * that records the charge, and the rental runs longer once the charge went through. The caller
   * reads the rental as it is now (rentals.service.ts).
   */
  async function extend(userId: string, rentalId: number, seenReturnDate?: string): Promise<void> {
    // A pay-per-item rental's extension is charged: a card is needed, and the attempt counts.
    const before = await repo.findForUser(rentalId, userId);
    const card = before?.plan === 'weekly' && !before.returned_at ? await subscriptions.cardForCharge(userId) : null;
    if (before?.plan === 'weekly' && !before.returned_at && before.order_status !== 'pending_payment') {
      if (!card) throw cardRequired(null);
      await takeChargeAttempt(ctx, userId);
    }
    const pending = await db.transaction().execute(async (trx): Promise<LedgerEntry | null> => {
      const first = await repo.findForUser(rentalId, userId, trx);
      if (!first || first.order_status === 'payment_failed') throw notFound('Rental not found');
      // The unit's lock, then the rental's (PostgreSQL), then the rental read afresh under them:
      // two extensions (or an extension and a booking of the unit) run one after the other, and
      // the second sees the first's hold, its charge in progress, or its new return date (the
      // first's settlement cannot commit while this holds the rental's row).
      await core.lock(trx, { unitIds: [first.unit_id], rentalId });
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
        const ok = await core.extendRental(trx, row.id, row.booking_id, row.end_date, to, heldUntil, {
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
      if (!(await core.stretchHold(trx, row.booking_id, row.held_until, heldUntil)))
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
      const after = await repo.findForUser(rentalId, userId);
      if (!after || after.order_status === 'payment_failed') throw notFound('Rental not found');
      if (after.end_date !== (pending.context as unknown as ExtensionContext).toEnd) {
        // It ended meanwhile: the week was not added and its charge is being refunded (the settler).
        throw new DomainError(
          'CONFLICT',
          'This rental changed at the same time: the week was not added, and its charge is refunded.',
        );
      }
    }
  }

  return { extend };
}

export type RentalExtension = ReturnType<typeof createRentalExtension>;
