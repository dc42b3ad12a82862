import type { Kysely } from 'kysely';
import { PROTECTION_MESSAGES as M, depositFor } from '../../../domain/protection';
import { DomainError } from '../../../domain/errors';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { LedgerEntry, PaymentsService } from '../payments';
import type { ProtectionRepository } from './protection.repository';

type Db = Kysely<DB>;

/**
 * The deposit's moves that other features' transactions make (decision 0068): a request
 * authorises it beside the rental's own authorisation; a pending request's end, a clean check-in
 * or a rejected claim release it; an upheld claim captures from it. And the one rule that a
 * rental's damage credits its lender once (`damage_credits`, the rental its primary key): the
 * claim or the damage record that writes the row first wins, the other is refused. Each move is
 * a conditional update from `held`, recorded in the caller's transaction and sent after it
 * commits (`run`).
 */
export function depositMovesOf(ctx: AppContext, repo: ProtectionRepository, payments: PaymentsService) {
  const log = ctx.logger.child({ feature: 'protection' });

  /** held -> released, with its void recorded; null when nothing is held. */
  async function release(trx: Db, rentalId: number, by: string, at: string, why: string): Promise<LedgerEntry | null> {
    const dep = await repo.deposit(rentalId, trx);
    if (!dep || dep.auth_entry_id === null) return null;
    if (!(await repo.settleDeposit(trx, rentalId, { status: 'released', capturedCents: 0, by, at }))) return null;
    const auth = await payments.find(dep.auth_entry_id, trx);
    if (!auth || auth.status !== 'succeeded') return null;
    return payments.record(trx, {
      userId: dep.user_id,
      purpose: 'deposit',
      kind: 'void',
      amountCents: dep.amount_cents,
      description: `Deposit released: ${why}`,
      idempotencyKey: `deposit:${rentalId}:void`,
      rentalId,
      target: auth,
      context: { rentalId },
    });
  }

  return {
    release,

    /**
     * A request's deposit (a member's piece that asks one), recorded in the request's
     * transaction: the row `authorising` and its authorisation `deposit:<rental>:authorise`.
     * Null when the piece asks none.
     */
    async authorise(
      trx: Db,
      r: {
        rentalId: number;
        userId: string;
        itemId: number;
        itemName: string;
        retailCents: number;
        card: { token: string; brand: string; lastFour: string };
        at: string;
      },
    ): Promise<LedgerEntry | null> {
      const policy = await repo.policy(r.itemId, trx);
      const amount = depositFor(r.retailCents, policy?.deposit_required === 1);
      if (amount === 0) return null;
      await repo.insertDeposit(trx, {
        rental_id: r.rentalId,
        user_id: r.userId,
        amount_cents: amount,
        status: 'authorising',
        created_at: r.at,
      });
      const entry = await payments.record(trx, {
        userId: r.userId,
        purpose: 'deposit',
        kind: 'authorise',
        amountCents: amount,
        description: `Deposit held: ${r.itemName}`,
        idempotencyKey: `deposit:${r.rentalId}:authorise`,
        rentalId: r.rentalId,
        card: r.card,
        context: { rentalId: r.rentalId },
      });
      await repo.setDeposit(trx, r.rentalId, { auth_entry_id: entry.id });
      return entry;
    },

    /**
     * The one credit for damage on a rental: written by the upheld claim or the damage record
     * that decides first (the rental is the primary key; ON CONFLICT DO NOTHING waits for the
     * other writer on PostgreSQL), the other refused with 409 and nothing charged.
     */
    async creditOnce(trx: Db, rentalId: number, source: 'claim' | 'damage', sourceId: number, at: string) {
      const r = await trx
        .insertInto('damage_credits')
        .values({ rental_id: rentalId, source, source_id: sourceId, created_at: at })
        .onConflict((oc) => oc.column('rental_id').doNothing())
        .returning('rental_id')
        .executeTakeFirst();
      if (r === undefined)
        throw new DomainError('CONFLICT', source === 'claim' ? M.damageRecordedFirst : M.claimUpheldFirst, {
          details: { rentalId },
        });
    },

    /**
     * An upheld claim takes what it can from the deposit held on the rental (captured for that
     * much; a capture releases the rest), in the claim's transaction: how much, and the entry to run.
     */
    async captureFor(
      trx: Db,
      rentalId: number,
      amountCents: number,
      by: string,
      at: string,
    ): Promise<{ fromDeposit: number; entry: LedgerEntry | null }> {
      const dep = await repo.deposit(rentalId, trx);
      if (!dep || dep.status !== 'held' || dep.auth_entry_id === null) return { fromDeposit: 0, entry: null };
      const take = Math.min(amountCents, dep.amount_cents);
      if (!(await repo.settleDeposit(trx, rentalId, { status: 'captured', capturedCents: take, by, at })))
        return { fromDeposit: 0, entry: null };
      const auth = (await payments.find(dep.auth_entry_id, trx))!;
      const entry = await payments.record(trx, {
        userId: dep.user_id,
        purpose: 'deposit',
        kind: 'capture',
        amountCents: take,
        description: 'Deposit kept for an upheld damage claim',
        idempotencyKey: `deposit:${rentalId}:capture`,
        rentalId,
        target: auth,
        context: { rentalId },
      });
      return { fromDeposit: take, entry };
    },

    /** Sends recorded moves after their commit; unanswered, the payments recovery sends them again. */
    async run(entries: (LedgerEntry | null | undefined)[]): Promise<void> {
      for (const e of entries) {
        if (!e) continue;
        try {
          await payments.run(e.id);
        } catch (err) {
          log.warn(
            { err, entryId: e.id },
            'deposit move not answered in the request: the payments recovery performs it',
          );
        }
      }
    },
  };
}

export type DepositMoves = ReturnType<typeof depositMovesOf>;
