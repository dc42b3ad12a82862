import type { Kysely } from 'kysely';
import { DomainError, notFound } from '../../../domain/errors';
import {
  LENDER_POLICY_MESSAGES as M,
  LENDER_POLICY_SETTINGS as LP,
  pausesListings,
} from '../../../domain/lender-policies';
import { formatCents } from '../../../domain/money';
import type { BookingRequest } from '../../../domain/lending';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { QUEUES } from '../../jobs/queues';
import type { BookingsCore } from '../bookings';
import type { NotificationsService } from '../notifications';
import type { OrdersService } from '../orders';
import { isUniqueViolation, type LedgerEntry, type PaymentsService } from '../payments';
import { createLenderCancellationRepository } from './lender-cancellation.repository';
import { createLendingRepository } from './lending.repository';

type Db = Kysely<DB>;
const conflict = (message: string) => new DomainError('CONFLICT', message);

/**
 * A lender cancels a request she had accepted, before her piece is sent (docs/product.md "Lender
 * policies", decision 0067): in one transaction the rental ends through the bookings core, the
 * renter is refunded everything she paid through the ledger (each charge's own `:refund` key, the
 * same a renter's cancellation uses, so the two can never both refund), the cancellation is
 * recorded once per request (a unique key: two at once make one) with the lender's fee, taken
 * from her next payout, and the renter is told with similar pieces. The third cancellation in 90
 * days pauses her self-lent listings for PAUSE_DAYS (her pieces leave the catalogue); the
 * request-expiry job lifts pauses whose time is up.
 */
export function createLenderCancellation(
  ctx: AppContext,
  deps: {
    core: BookingsCore;
    payments: PaymentsService;
    orders: OrdersService;
    notifications: NotificationsService;
    /** Pieces like this one for the renter (the catalogue's "You may also like"); empty when none. */
    similar: (itemId: number) => Promise<{ id: number; name: string }[]>;
    /** The request as its reader sees it, after the cancellation. */
    view: (id: number, userId: string) => Promise<BookingRequest>;
  },
) {
  const { db } = ctx.database;
  const repo = createLendingRepository(db);
  const own = createLenderCancellationRepository(db);
  const { core, payments, orders, notifications } = deps;
  const log = ctx.logger.child({ feature: 'lending' });

  async function refundAll(trx: Db, rentalId: number, renterId: string, orderId: number | null, itemName: string) {
    const refunds: LedgerEntry[] = [];
    for (const charge of await payments.forRental(rentalId, trx)) {
      if ((charge.kind !== 'charge' && charge.kind !== 'capture') || charge.status !== 'succeeded') continue;
      const amount = await payments.refundableCents(trx, charge);
      if (amount <= 0) continue;
      refunds.push(
        await payments.record(trx, {
          userId: renterId,
          purpose: 'cancellation',
          kind: 'refund',
          amountCents: amount,
          description: `Refund: cancelled by the lender (${itemName})`,
          idempotencyKey: `${charge.idempotencyKey}:refund`,
          orderId,
          rentalId,
          target: charge,
        }),
      );
    }
    return refunds;
  }

  return {
    /** The lender cancels her accepted request (403 for the renter, 404 for anyone else, 409 once sent or cancelled). */
    async cancelAccepted(lenderId: string, id: number): Promise<BookingRequest> {
      const before = await repo.request(id);
      if (!before || (before.lender_id !== lenderId && before.renter_id !== lenderId))
        throw notFound('Request not found');
      if (before.lender_id !== lenderId) throw new DomainError('FORBIDDEN', 'Only the lender can do this.');
      const similar = await deps.similar(before.item_id).catch(() => []);
      const at = ctx.clock().toISOString();
      let refunds: LedgerEntry[];
      try {
        refunds = await db.transaction().execute(async (trx) => {
          await repo.lockRequest(trx, id);
          // Her own row next, before any item row: her cancellations are counted one at a time, and a
          // pause (which moves all her items) never waits on a row another of hers holds.
          await own.lockLender(trx, lenderId);
          const row = (await repo.request(id, trx))!;
          if (row.cancelled_at || row.lender_cancelled_at) throw conflict(M.alreadyCancelled);
          if (row.status !== 'accepted' || row.dispatched_at || row.returned_at) throw conflict(M.notAccepted);
          const entries = await payments.forRental(row.rental_id, trx);
          if (entries.some((e) => e.settledAt === null))
            throw conflict('A payment for this rental is in progress: try again in a moment.');
          // One cancellation per request: the unique key decides between two at once.
          const cancellationId = await own.insert(trx, {
            request_id: id,
            rental_id: row.rental_id,
            item_id: row.item_id,
            lender_id: lenderId,
            renter_id: row.renter_id,
            refund_cents: 0,
            fee_cents: LP.lenderCancelFeeCents,
            created_at: at,
          });
          if (!(await core.endBeforeDispatch(trx, row.rental_id, row.booking_id, at, true)))
            throw conflict(M.alreadyCancelled);
          if (row.order_id !== null) await orders.cancel(trx, row.order_id);
          await own.uncountRental(trx, row.item_id);
          const made = await refundAll(trx, row.rental_id, row.renter_id, row.order_id, row.item_name);
          const refunded = made.reduce((n, r) => n + r.amountCents, 0);
          await own.setRefund(trx, cancellationId, refunded);
          // Her record decides the pause (her row's lock, taken above, makes two at once count each other).
          const since = new Date(ctx.clock().getTime() - LP.pauseWindowDays * 86_400_000).toISOString();
          if (pausesListings(await own.countSince(trx, lenderId, since))) {
            const until = new Date(ctx.clock().getTime() + LP.pauseDays * 86_400_000).toISOString();
            await own.pause(trx, lenderId, at, until);
          }
          await notifications.notify(trx, {
            kind: 'lending_cancelled',
            subjectType: 'request',
            subjectId: String(id),
            userId: row.renter_id,
            data: {
              itemName: row.item_name,
              startDate: row.start_date,
              refund: refunded > 0 ? formatCents(refunded) : null,
              similar: similar.slice(0, 3),
            },
          });
          await ctx.jobs.send(QUEUES.waitlistSweep.name, {}, { trx, singletonKey: 'sweep' });
          return made;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(M.alreadyCancelled);
        throw err;
      }
      for (const refund of refunds) {
        try {
          await payments.run(refund.id);
        } catch (err) {
          log.warn({ err, entryId: refund.id }, 'lender cancellation refund: no answer yet');
        }
      }
      log.info({ requestId: id, lenderId }, 'accepted request cancelled by its lender');
      return deps.view(id, lenderId);
    },

    /** Her cancellation fees, for payouts (each a negative line, once). */
    async fees(lenderId: string, q: Db = db) {
      return (await own.ofLender(lenderId, q)).map((f) => ({
        source: `lender-cancel:${f.id}`,
        kind: 'fee' as const,
        cents: -f.fee_cents,
        description: `Cancellation fee: you cancelled an accepted request (${f.item_name})`,
        at: f.created_at,
      }));
    },

    /** The pauses whose time is up: her pieces back in the catalogue (the request-expiry job, every scan). */
    async liftDuePauses(): Promise<number> {
      const at = ctx.clock().toISOString();
      let lifted = 0;
      for (const { lender_id } of await own.duePauses(at)) {
        if (await db.transaction().execute((trx) => own.lift(trx, lender_id, at))) lifted += 1;
      }
      if (lifted) log.info({ lifted }, 'lender pauses lifted');
      return lifted;
    },
  };
}

export type LenderCancellation = ReturnType<typeof createLenderCancellation>;
