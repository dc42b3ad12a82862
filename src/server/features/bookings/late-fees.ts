import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Logger } from '../../logger';
import type { LedgerEntry, PaymentsService } from '../payments';
import type { PlansService } from '../plans';
import { moveFee, setFee } from './rental-rows';
import { lateFee } from './unit-reads';

type Db = Kysely<DB>;

/**
 * A rental's late fee in the payments ledger (decision 0032): a charge of her saved card decided
 * in the check-in's transaction and sent after the commit with its key (one per rental), so it is
 * charged once; its refund when waived; and its outcome, applied once per ledger entry.
 */
export function lateFeesOf(deps: { plans: PlansService; payments: PaymentsService; log: Logger }) {
  const { plans, payments, log } = deps;

  /** Records the charge in `trx` (without a card the fee is marked failed); returns the entry to run after the commit. */
  async function record(
    trx: Db,
    r: { rental_id: number; user_id: string; item_name: string },
    days: number,
    fee: number,
  ): Promise<number | null> {
    if (fee <= 0) return null;
    const card = await plans.cardForCharge(r.user_id, trx);
    if (!card) {
      await setFee(trx, r.rental_id, { late_fee_status: 'failed', late_fee_error: 'No card on file' });
      return null;
    }
    const entry = await payments.record(trx, {
      userId: r.user_id,
      purpose: 'late_fee',
      kind: 'charge',
      amountCents: fee,
      description: `Late return of ${r.item_name}: ${days} day${days === 1 ? '' : 's'}`,
      idempotencyKey: `late_fee:rental:${r.rental_id}`,
      rentalId: r.rental_id,
      card,
      context: { rentalId: r.rental_id, days },
    });
    await setFee(trx, r.rental_id, { late_fee_entry_id: entry.id });
    return entry.id;
  }

  /** Records the refund of a charged late fee (waived) in the payments ledger, in `trx`. */
  async function refund(trx: Db, rentalId: number, charge: LedgerEntry): Promise<number | null> {
    const cents = await payments.refundableCents(trx, charge);
    if (cents <= 0) return null;
    const entry = await payments.record(trx, {
      userId: charge.userId,
      purpose: 'late_fee',
      kind: 'refund',
      amountCents: cents,
      description: `Refund (waived): ${charge.description}`,
      idempotencyKey: `late_fee_refund:rental:${rentalId}`,
      rentalId,
      target: charge,
      context: { rentalId },
    });
    await setFee(trx, rentalId, { late_fee_refund_entry_id: entry.id });
    return entry.id;
  }

  /** The fee's outcome: by the request that recorded it or by the payments recovery (decision 0029). */
  function settleOutcomes(): void {
    payments.onSettle('late_fee', async (trx, entry, outcome) => {
      const rentalId = entry.rentalId ?? Number(entry.context.rentalId);
      if (entry.kind === 'refund') {
        if (outcome.status !== 'succeeded')
          await setFee(trx, rentalId, { late_fee_error: `The refund failed: ${outcome.message}` });
        return;
      }
      if (outcome.status !== 'succeeded') {
        await moveFee(trx, rentalId, 'due', 'failed', outcome.message);
        return;
      }
      if (await moveFee(trx, rentalId, 'due', 'charged', null)) return;
      // Waived while the charge was on its way: it is given back (the recovery performs the refund).
      const fee = await lateFee(trx, rentalId);
      if (fee?.late_fee_status === 'waived' && fee.late_fee_refund_entry_id === null)
        await refund(trx, rentalId, entry);
    });
  }

  /** Performs and settles a ledger entry after its transaction committed; one the provider did not answer is left to the recovery. */
  async function run(entryId: number): Promise<void> {
    try {
      await payments.run(entryId);
    } catch (err) {
      log.warn({ err, entryId }, 'late fee payment not answered in the request: the payments recovery performs it');
    }
  }

  return { record, refund, run, settleOutcomes };
}
