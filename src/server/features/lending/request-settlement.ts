import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { BookingsCore } from '../bookings';
import type { NotificationsService } from '../notifications';
import type { OrdersService } from '../orders';
import { declineMessage } from '../../../domain/payments';
import { PROTECTION_MESSAGES } from '../../../domain/protection';
import { DomainError } from '../../../domain/errors';
import type { LedgerEntry, PaymentOutcome, PaymentsService } from '../payments';
import type { DepositMoves } from '../protection';
import { createLendingRepository, type RequestRow } from './lending.repository';

type Db = Kysely<DB>;

/**
 * A request's money and its end (decision 0035): the outcome of its authorisation, capture or
 * void, applied once per ledger entry; and the end of a pending request, its days released
 * through the bookings core. Built in services.ts and passed to the lending requests service.
 */
export function createRequestSettlement(
  ctx: AppContext,
  deps: {
    core: BookingsCore;
    payments: PaymentsService;
    orders: OrdersService;
    notifications: NotificationsService;
    /** The deposit a piece asks (protection's moves, decision 0068): released when a request ends. */
    deposits?: Pick<DepositMoves, 'release' | 'run'>;
  },
) {
  const repo = createLendingRepository(ctx.database.db);
  const { core, payments, orders, notifications } = deps;
  const log = ctx.logger.child({ feature: 'lending' });
  const nowIso = () => ctx.clock().toISOString();

  /**
   * Ends a pending request (declined by the lender, withdrawn by the renter, or expired): the days
   * freed, the order failed, the authorisation voided; the other party (both, on expiry) told.
   */
  async function endPending(
    trx: Db,
    row: RequestRow,
    to: 'declined' | 'withdrawn' | 'expired',
    at: string,
  ): Promise<(LedgerEntry | null)[]> {
    await core.endBeforeDispatch(trx, row.rental_id, row.booking_id, at, true);
    const deposit = (await deps.deposits?.release(trx, row.rental_id, row.renter_id, at, `request ${to}`)) ?? null;
    if (row.order_id !== null) await orders.fail(trx, row.order_id);
    const auth = row.authorisation_entry_id !== null ? await payments.find(row.authorisation_entry_id, trx) : null;
    const voided =
      auth && auth.status === 'succeeded'
        ? await payments.record(trx, {
            userId: row.renter_id,
            purpose: 'lending_request',
            kind: 'void',
            amountCents: auth.amountCents,
            description: `Released: request ${to} (${row.item_name})`,
            idempotencyKey: `request:${row.id}:void`,
            rentalId: row.rental_id,
            target: auth,
            context: { requestId: row.id },
          })
        : null;
    if (to === 'declined') {
      await notifications.notify(trx, {
        kind: 'lending_declined',
        subjectType: 'request',
        subjectId: String(row.id),
        userId: row.renter_id,
        data: { itemName: row.item_name, startDate: row.start_date },
      });
    } else if (to === 'withdrawn') {
      await notifications.notify(trx, {
        kind: 'lending_withdrawn',
        subjectType: 'request',
        subjectId: String(row.id),
        userId: row.lender_id,
        data: { itemName: row.item_name, renterName: row.renter_name, startDate: row.start_date },
      });
    } else {
      for (const [userId, role] of [
        [row.renter_id, 'renter'],
        [row.lender_id, 'lender'],
      ] as const) {
        await notifications.notify(trx, {
          kind: 'lending_expired',
          subjectType: 'request',
          subjectId: String(row.id),
          userId,
          data: { itemName: row.item_name, startDate: row.start_date, role },
        });
      }
    }
    return [voided, deposit];
  }

  async function runQuietly(entries: LedgerEntry | null | (LedgerEntry | null)[] | undefined): Promise<void> {
    for (const entry of Array.isArray(entries) ? entries : [entries]) {
      if (!entry) continue;
      try {
        await payments.run(entry.id);
      } catch (err) {
        log.warn(
          { err, entryId: entry.id },
          'lending payment not answered in the request: the payments recovery performs it',
        );
      }
    }
  }

  /**
   * A request's authorisations after its commit (decision 0068): the deposit first; declined, the
   * price's authorisation is withdrawn unsent (settled as a refusal: the days freed, the order
   * failed) and she is told, nothing held. Then the price's; declined, its settler ends the
   * request and the deposit held is released here.
   */
  async function authorise(price: LedgerEntry, deposit: LedgerEntry | null): Promise<PaymentOutcome> {
    if (deposit) {
      const d = await payments.run(deposit.id);
      if (d.status !== 'succeeded') {
        await payments.cancel(price.id);
        throw new DomainError('PAYMENT_DECLINED', `${PROTECTION_MESSAGES.depositDeclined} ${declineMessage(d.code)}`, {
          details: { declineCode: d.code, deposit: true },
        });
      }
    }
    const outcome = await payments.run(price.id);
    if (deposit && outcome.status !== 'succeeded' && price.rentalId !== null)
      await runQuietly(await payments.findByKey(`deposit:${price.rentalId}:void`));
    return outcome;
  }

  // The outcome of a request's authorisation, capture or void (decision 0029's settler, once per entry).
  payments.onSettle('lending_request', async (trx, entry, outcome) => {
    const requestId = Number(entry.context.requestId);
    const row = await repo.request(requestId, trx);
    if (!row) return;
    const at = nowIso();
    if (entry.kind === 'authorise') {
      if (outcome.status === 'succeeded') {
        if (await repo.move(trx, row.id, ['authorising'], 'pending', null)) {
          await notifications.notify(trx, {
            kind: 'lending_requested',
            subjectType: 'request',
            subjectId: String(row.id),
            userId: row.lender_id,
            data: {
              itemName: row.item_name,
              renterName: row.renter_name,
              startDate: row.start_date,
              returnDate: row.end_date,
              expiresAt: row.expires_at,
            },
          });
        }
      } else if (await repo.move(trx, row.id, ['authorising'], 'failed', at)) {
        // The card refused: nothing is held (a deposit authorised is released), nothing was asked of the lender.
        await core.endBeforeDispatch(trx, row.rental_id, row.booking_id, at, true);
        if (row.order_id !== null) await orders.fail(trx, row.order_id);
        await deps.deposits?.release(trx, row.rental_id, row.renter_id, at, 'card refused');
      }
      return;
    }
    if (entry.kind === 'capture') {
      if (outcome.status === 'succeeded') {
        await core.recordCharge(trx, row.rental_id, entry.amountCents);
        await repo.countRental(trx, row.item_id);
        if (row.order_id !== null) await orders.confirm(trx, row.order_id);
        await notifications.notify(trx, {
          kind: 'lending_accepted',
          subjectType: 'request',
          subjectId: String(row.id),
          userId: row.renter_id,
          data: {
            itemName: row.item_name,
            lenderName: row.lender_name,
            startDate: row.start_date,
            returnDate: row.end_date,
          },
        });
      } else {
        // The authorisation could not be captured (it lapsed): the rental does not happen.
        log.error(
          { requestId, entryId: entry.id, outcome },
          'an accepted request could not be captured: the rental is released',
        );
        await repo.move(trx, row.id, ['accepted'], 'failed', at);
        await core.endBeforeDispatch(trx, row.rental_id, row.booking_id, at, true);
        if (row.order_id !== null) await orders.fail(trx, row.order_id);
        await deps.deposits?.release(trx, row.rental_id, row.renter_id, at, 'rental not captured');
      }
      return;
    }
    if (outcome.status !== 'succeeded')
      log.error({ requestId, entryId: entry.id, outcome }, 'a lending payment operation was refused by the provider');
  });

  return { endPending, runQuietly, authorise };
}

export type RequestSettlement = ReturnType<typeof createRequestSettlement>;
