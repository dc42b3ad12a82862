import { randomUUID } from 'node:crypto';
import { DomainError, notFound } from '../../../domain/errors';
import { KEEP_MESSAGES } from '../../../domain/keep-it.rules';
import { lenderShareCents } from '../../../domain/listings';
import { formatUsd } from '../../../domain/payments';
import type { AppContext } from '../../context';
import type { BookingsCore } from '../bookings';
import type { PaymentsService } from '../payments';
import type { NotificationsService } from '../notifications';
import type { PlansService } from '../plans';
import { takeChargeAttempt } from './charge-attempts';
import { cardRequired, declined, paymentInProgress } from './rental-refusals';
import { keepOfferOf } from './rental-view';
import { createRentalsRepository } from './rentals.repository';

/** What the purchase's settler needs (the ledger entry's context). */
interface KeepContext {
  bookingId: number;
  unitId: number;
  /** Where the rental's booking ended before the unit was held for her with no end. */
  heldUntil: string;
  priceCents: number;
  lenderId: string | null;
}

const conflict = (message: string) => new DomainError('CONFLICT', message);

/**
 * Keep it (docs/product.md "Keep it", decision 0059): she buys the piece she is renting. In one
 * transaction under the core's locks (item, unit, rental) the unit's days from now on are claimed
 * for her through the bookings core (a booking of the same unit for later days either committed
 * first, and she is refused, or waits and finds the unit gone) and the charge is recorded in the
 * ledger with its idempotency key; the card is charged after the commit; the settler ends the
 * rental as bought and retires the unit, or, declined, gives the days back. Built in services.ts.
 */
export function createRentalKeep(
  ctx: AppContext,
  deps: { core: BookingsCore; payments: PaymentsService; plans: PlansService; notifications?: NotificationsService },
) {
  const { db } = ctx.database;
  const repo = createRentalsRepository(db);
  const { core, payments, plans } = deps;
  const log = ctx.logger.child({ feature: 'rentals' });
  const nowIso = () => ctx.clock().toISOString();

  payments.onSettle('purchase', async (trx, entry, outcome) => {
    if (entry.kind !== 'charge' || entry.rentalId === null) return;
    const c = entry.context as unknown as KeepContext;
    await core.lock(trx, { unitIds: [c.unitId], rentalId: entry.rentalId });
    if (outcome.status !== 'succeeded') {
      await core.keepMoves.unclaim(trx, c.bookingId, c.heldUntil);
      return;
    }
    const kept = await core.keepMoves.keep(
      trx,
      {
        rentalId: entry.rentalId,
        bookingId: c.bookingId,
        unitId: c.unitId,
        heldUntil: c.heldUntil,
        userId: entry.userId,
      },
      {
        at: nowIso(),
        priceCents: c.priceCents,
        entryId: entry.id,
        earningsCents: c.lenderId ? lenderShareCents(c.priceCents) : null,
      },
    );
    if (kept) {
      // A member's piece: its lender is told (in the app and by e-mail), once per rental, with her share.
      if (c.lenderId && deps.notifications) {
        const r = await core.rental(entry.rentalId, trx);
        await deps.notifications.notify(trx, {
          kind: 'piece_sold',
          userId: c.lenderId,
          subjectType: 'rental',
          subjectId: `keep:${entry.rentalId}`,
          data: {
            itemName: r?.item_name ?? 'Your piece',
            price: formatUsd(c.priceCents),
            share: formatUsd(lenderShareCents(c.priceCents)),
            how: 'kept',
          },
        });
      }
      return;
    }
    // Checked in meanwhile (staff were quicker than the card): not sold, the money goes back.
    log.error({ entryId: entry.id, rentalId: entry.rentalId }, 'purchase paid for a rental checked in meanwhile');
    await core.keepMoves.unclaim(trx, c.bookingId, c.heldUntil);
    await payments.record(trx, {
      userId: entry.userId,
      purpose: 'purchase',
      kind: 'refund',
      amountCents: entry.amountCents,
      description: 'Refund: the piece was checked in before the purchase',
      orderId: entry.orderId,
      rentalId: entry.rentalId,
      target: { ...entry, status: 'succeeded', providerRef: outcome.providerRef },
      idempotencyKey: `${entry.idempotencyKey}:refund`,
    });
  });

  /** Buys the piece of her rental `rentalId` at its Keep it price; the caller answers with the rental. */
  async function keep(userId: string, rentalId: number): Promise<void> {
    const before = await repo.findForUser(rentalId, userId);
    if (!before || before.order_status === 'payment_failed') throw notFound(KEEP_MESSAGES.notYours);
    const card = await plans.cardForCharge(userId);
    if (!card) throw cardRequired(null);
    await takeChargeAttempt(ctx, userId);
    const pending = await db.transaction().execute(async (trx) => {
      await core.lock(trx, { itemId: before.item_id, unitIds: [before.unit_id], rentalId });
      const row = await repo.findForUser(rentalId, userId, trx);
      if (!row) throw notFound(KEEP_MESSAGES.notYours);
      if (row.kept_at) throw conflict(KEEP_MESSAGES.alreadyKept);
      if (row.cancelled_at) throw conflict(KEEP_MESSAGES.cancelled);
      if (row.checked_in_at) throw conflict(KEEP_MESSAGES.checkedIn);
      if (!row.dispatched_at) throw conflict(KEEP_MESSAGES.notSent);
      if (row.order_status === 'pending_payment') throw paymentInProgress();
      if ((await payments.forRental(row.id, trx)).some((e) => e.settledAt === null)) throw paymentInProgress();
      const offer = keepOfferOf(row);
      if (!offer) throw conflict(KEEP_MESSAGES.changed);
      await core.keepMoves.claim(trx, {
        rentalId: row.id,
        bookingId: row.booking_id,
        unitId: row.unit_id,
        heldUntil: row.held_until,
      });
      const context: KeepContext = {
        bookingId: row.booking_id,
        unitId: row.unit_id,
        heldUntil: row.held_until,
        priceCents: offer.priceCents,
        lenderId: row.lender_id,
      };
      return payments.record(trx, {
        userId,
        purpose: 'purchase',
        kind: 'charge',
        amountCents: offer.priceCents,
        description: `Keep it: ${row.name} (size ${row.size}), yours to keep`,
        // Unique in the ledger; a second click meanwhile is refused above (a payment in progress).
        idempotencyKey: `rental:${row.id}:keep:${randomUUID().slice(0, 8)}`,
        orderId: row.order_id,
        rentalId: row.id,
        card,
        context: { ...context },
      });
    });
    const outcome = await payments.run(pending.id);
    if (outcome.status === 'declined') throw declined(outcome, null);
    if (outcome.status === 'failed') throw new Error(`the purchase's charge was refused as a request: ${outcome.code}`);
  }

  return { keep };
}

export type RentalKeep = ReturnType<typeof createRentalKeep>;
