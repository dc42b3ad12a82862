import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/** The only code that touches payout_accounts, payouts and payout_lines. */
export function createPayoutsRepository(db: Db) {
  return {
    account(userId: string, q: Db = db) {
      return q.selectFrom('payout_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    async saveAccount(row: {
      user_id: string;
      holder_name: string;
      last_four: string;
      token: string;
      provider: string;
      updated_at: string;
    }): Promise<void> {
      await db
        .insertInto('payout_accounts')
        .values(row)
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            holder_name: row.holder_name,
            last_four: row.last_four,
            token: row.token,
            provider: row.provider,
            updated_at: row.updated_at,
          }),
        )
        .execute();
    },

    itemNames(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('items').select(['id', 'name']).where('id', 'in', ids).execute();
    },

    /**
     * Holds the lender's payout account's row until the transaction ends (FOR UPDATE; dropped on
     * SQLite, where one connection serialises writes): one payout of a lender at a time, and a
     * problem report on her piece waits for one being made (decision 0060).
     */
    async lockAccount(trx: Db, userId: string): Promise<void> {
      await trx.selectFrom('payout_accounts').select('user_id').where('user_id', '=', userId).forUpdate().execute();
    },

    /** The lender's claims (any status), for holds and credits. */
    claimsOf(lenderId: string, q: Db = db) {
      return q
        .selectFrom('damage_claims')
        .innerJoin('items', 'items.id', 'damage_claims.item_id')
        .select([
          'damage_claims.id',
          'damage_claims.rental_id',
          'damage_claims.status',
          'damage_claims.charge_status',
          'damage_claims.amount_cents',
          'damage_claims.decided_at',
          'items.name as item_name',
        ])
        .where('damage_claims.lender_id', '=', lenderId)
        .execute();
    },

    /** The lender's payout lines with their payout's status (what is paid or on its way). */
    linesOf(lenderId: string, q: Db = db) {
      return q
        .selectFrom('payout_lines')
        .innerJoin('payouts', 'payouts.id', 'payout_lines.payout_id')
        .select(['payout_lines.source', 'payouts.status'])
        .where('payouts.lender_id', '=', lenderId)
        .execute();
    },

    payoutsOf(lenderId: string) {
      return db.selectFrom('payouts').selectAll().where('lender_id', '=', lenderId).orderBy('id', 'desc').execute();
    },

    payout(id: number, q: Db = db) {
      return q.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insertPayout(
      trx: Db,
      row: { lender_id: string; amount_cents: number; holder_name: string; last_four: string; created_at: string },
    ): Promise<number> {
      const { id } = await trx
        .insertInto('payouts')
        .values({ ...row, status: 'pending', entry_id: null, failure: null, settled_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** What the payout pays, one row per source: the unique source refuses an earning paid by another payout. */
    async insertLines(trx: Db, payoutId: number, lines: { source: string; amountCents: number }[]): Promise<void> {
      await trx
        .insertInto('payout_lines')
        .values(lines.map((l) => ({ payout_id: payoutId, source: l.source, amount_cents: l.amountCents })))
        .execute();
    },

    async setEntry(trx: Db, payoutId: number, entryId: number): Promise<void> {
      await trx.updateTable('payouts').set({ entry_id: entryId }).where('id', '=', payoutId).execute();
    },

    /** Marks a pending payout paid, or failed (its lines are dropped: the money is available again). */
    async settle(
      trx: Db,
      payoutId: number,
      outcome: { paid: true } | { paid: false; failure: string },
      now: string,
    ): Promise<void> {
      if (outcome.paid) {
        await trx
          .updateTable('payouts')
          .set({ status: 'paid', settled_at: now })
          .where('id', '=', payoutId)
          .where('status', '=', 'pending')
          .execute();
        return;
      }
      const res = await trx
        .updateTable('payouts')
        .set({ status: 'failed', failure: outcome.failure, settled_at: now })
        .where('id', '=', payoutId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 1)
        await trx.deleteFrom('payout_lines').where('payout_id', '=', payoutId).execute();
    },
  };
}

export type PayoutsRepository = ReturnType<typeof createPayoutsRepository>;
