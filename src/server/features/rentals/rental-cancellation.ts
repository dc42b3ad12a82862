import { RENTAL_MESSAGES, lateDispatchCancelDate } from '../../../domain/rentals';
import { shareOf } from '../../../domain/lender-policies';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { DomainError } from '../../../domain/errors';
import { QUEUES } from '../../jobs/queues';
import type { NotificationsService } from '../notifications';
import type { OrdersService } from '../orders';
import type { LedgerEntry, PaymentsService } from '../payments';
import type { BookingsCore } from '../bookings';
import type { CreditService } from '../credit';
import { paymentInProgress } from './rental-refusals';
import { createRentalsRepository, type RentalRow } from './rentals.repository';

/** "$12.34" for a notification's text (money is whole cents until it is shown). */
function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export interface CancelOutcome {
  refunds: LedgerEntry[];
  allowanceReturned: boolean;
  /** The void of a deposit held on the rental (decision 0068), sent with the refunds. */
  released?: LedgerEntry | null;
}

/**
 * Cancelling a rental that has not been sent (docs/product.md "Renting"), by the member at any
 * time until it is dispatched or ready at the studio, and by the scheduled job for a booking we
 * are late to send: the unit is free at once, a plan's place in the month comes back, and
 * everything charged for it (the booking and any extension) is refunded in full through the
 * provider. The refunds are recorded in the cancelling transaction (each under its charge's key
 * + ':refund', unique in the ledger) and sent after it. Of two cancellations at once (two
 * processes, a click and the job) the conditional update lets one through; the other changes
 * nothing and records nothing. Built in services.ts and passed to the rentals service.
 */
export function createRentalCancellation(
  ctx: AppContext,
  deps: {
    core: BookingsCore;
    payments: PaymentsService;
    orders: OrdersService;
    notifications: NotificationsService;
    /** Store credit an order spent goes back to her credit (decision 0063). */
    credit: CreditService;
    /**
     * The share of a member's piece's price her cancellation gives back under its lender's
     * cancellation policy (decision 0067), read in the cancelling transaction; 100 when none applies.
     */
    refundPercent?: (trx: Kysely<DB>, rentalId: number, startDate: string) => Promise<number>;
    /** A deposit held on the rental is released when it is cancelled (decision 0068). */
    releaseDeposit?: (
      trx: Kysely<DB>,
      rentalId: number,
      by: string,
      at: string,
      why: string,
    ) => Promise<LedgerEntry | null>;
  },
) {
  const { db } = ctx.database;
  const repo = createRentalsRepository(db);
  const { core, payments, orders, notifications } = deps;
  const log = ctx.logger.child({ feature: 'rentals' });

  /** The cancellation's writes, in `trx`; throws CONFLICT when the rental can no longer be cancelled. */
  async function cancelIn(
    trx: Kysely<DB>,
    row: RentalRow,
    userId: string,
    reason: 'member' | 'late_dispatch',
  ): Promise<CancelOutcome> {
    if (row.returned_at)
      throw new DomainError(
        'CONFLICT',
        row.cancelled_at ? 'This rental has already been cancelled.' : 'This rental has been returned.',
      );
    if (row.order_status === 'pending_payment') throw paymentInProgress();
    if (row.dispatched_at)
      throw new DomainError('CONFLICT', RENTAL_MESSAGES.cancelDispatched, { details: { action: 'return' } });
    const entries = await payments.forRental(row.id, trx);
    if (entries.some((e) => e.settledAt === null)) throw paymentInProgress();
    const now = ctx.clock().toISOString();
    if (!(await core.endBeforeDispatch(trx, row.id, row.booking_id, now, true)))
      throw new DomainError('CONFLICT', 'This rental has just been cancelled, returned or sent out.');
    const allowanceReturned = row.billing_period_start
      ? await repo.giveBackAllowance(trx, userId, row.billing_period_start)
      : false;
    await repo.uncountRental(trx, row.item_id);
    const refunds: LedgerEntry[] = [];
    const why = reason === 'member' ? 'cancelled before it was sent' : 'not sent in time: cancelled by us';
    // Her own cancellation of a member's piece follows its lender's policy (the request's price only); ours refunds in full.
    const percent = reason === 'member' ? ((await deps.refundPercent?.(trx, row.id, row.start_date)) ?? 100) : 100;
    for (const charge of entries.filter(
      (e) => (e.kind === 'charge' || e.kind === 'capture') && e.status === 'succeeded',
    )) {
      const left = await payments.refundableCents(trx, charge);
      const amount = charge.purpose === 'lending_request' ? shareOf(left, percent) : left;
      if (amount <= 0) continue;
      refunds.push(
        await payments.record(trx, {
          userId,
          purpose: 'cancellation',
          kind: 'refund',
          amountCents: amount,
          description: `Refund: ${why} (${charge.description})`,
          idempotencyKey: `${charge.idempotencyKey}:refund`,
          orderId: row.order_id,
          rentalId: row.id,
          target: charge,
        }),
      );
    }
    if (row.order_id !== null) {
      await deps.credit.returnForOrder(trx, row.order_id, `Given back: ${why}`);
      await orders.cancel(trx, row.order_id);
    }
    // The unit is free again: whoever waits for it is offered it (decision 0034).
    await ctx.jobs.send(QUEUES.waitlistSweep.name, {}, { trx, singletonKey: 'sweep' });
    const released = (await deps.releaseDeposit?.(trx, row.id, userId, now, 'rental cancelled')) ?? null;
    return { refunds, allowanceReturned, released };
  }

  /** Sends the recorded refunds; one the provider does not answer stays pending for the payments recovery. */
  async function sendRefunds(refunds: LedgerEntry[]): Promise<void> {
    for (const refund of refunds) {
      try {
        await payments.run(refund.id);
      } catch (err) {
        log.warn({ err, entryId: refund.id }, 'cancellation refund: no answer yet');
      }
    }
  }

  return {
    /** The member's Cancel: refused once the piece has been sent (Return then). */
    async cancel(userId: string, rentalId: number, notFound: () => Error): Promise<CancelOutcome> {
      const result = await db.transaction().execute(async (trx) => {
        const row = await repo.findForUser(rentalId, userId, trx);
        if (!row || row.order_status === 'payment_failed') throw notFound();
        return cancelIn(trx, row, userId, 'member');
      });
      await sendRefunds(result.released ? [...result.refunds, result.released] : result.refunds);
      return result;
    },

    /**
     * The scheduled job (QUEUES.lateDispatch): each booking not sent by the end of its start day
     * tells its member once ('dispatch_late': the unique notification key), and one still not sent
     * on its start + LATE_DISPATCH_CANCEL_DAYS is cancelled and refunded in full, once, and she is
     * told. Safe to run any number of times, in any number of processes at once.
     */
    async sweepLateDispatch(): Promise<{ notified: number; cancelled: number }> {
      const today = ctx.today();
      let notified = 0;
      let cancelled = 0;
      for (const row of await repo.lateToDispatch(today)) {
        const cancelsOn = lateDispatchCancelDate(row.start_date);
        const refund = row.charge_cents > 0 ? dollars(row.charge_cents) : null;
        if (today < cancelsOn) {
          const id = await db.transaction().execute((trx) =>
            notifications.notify(trx, {
              kind: 'dispatch_late',
              subjectType: 'rental',
              subjectId: `${row.id}:${row.start_date}`,
              userId: row.user_id,
              data: { itemName: row.name, startDate: row.start_date, cancelsOn, refund },
            }),
          );
          if (id !== null) notified += 1;
          continue;
        }
        let outcome: CancelOutcome | null = null;
        try {
          outcome = await db.transaction().execute(async (trx) => {
            // Read again inside: dispatched, cancelled or paid for meanwhile is seen here (and markCancelled decides).
            const fresh = await repo.findForUser(row.id, row.user_id, trx);
            if (!fresh) return null;
            const done = await cancelIn(trx, fresh, row.user_id, 'late_dispatch');
            const refunded = done.refunds.reduce((n, r) => n + r.amountCents, 0);
            await notifications.notify(trx, {
              kind: 'dispatch_late_cancelled',
              subjectType: 'rental',
              subjectId: String(row.id),
              userId: row.user_id,
              data: { itemName: row.name, startDate: row.start_date, refund: refunded > 0 ? dollars(refunded) : null },
            });
            return done;
          });
        } catch (err) {
          // Sent, cancelled or being paid meanwhile (another process, a click): nothing to do now.
          if (err instanceof DomainError && err.code === 'CONFLICT') continue;
          throw err;
        }
        if (!outcome) continue;
        cancelled += 1;
        log.info(
          { rentalId: row.id, startDate: row.start_date },
          'booking not dispatched in time: cancelled and refunded',
        );
        await sendRefunds(outcome.released ? [...outcome.refunds, outcome.released] : outcome.refunds);
      }
      return { notified, cancelled };
    },
  };
}

export type RentalCancellation = ReturnType<typeof createRentalCancellation>;
