import type { Kysely, Selectable } from 'kysely';
import type { CreditEntriesTable, DB } from '../../db/schema';

type Db = Kysely<DB>;
export type CreditEntryRow = Selectable<CreditEntriesTable>;

/**
 * The credit ledger's tables (decision 0063): credit_accounts (her lock) and credit_entries (the
 * signed, numbered entries, each with the balance after it). The only code that writes them.
 */
export function createCreditRepository(db: Db) {
  return {
    /**
     * Takes her credit lock for the rest of the transaction: the row is made when missing or
     * updated when there (one upsert), so a second mover of her credit on PostgreSQL waits here
     * until this one commits (and then reads its entry); SQLite runs one writing transaction at a time.
     * Returns her last entry's number (0: no entry yet).
     */
    async lock(trx: Db, userId: string, at: string): Promise<number> {
      const row = await trx
        .insertInto('credit_accounts')
        .values({ user_id: userId, last_seq: 0, updated_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ updated_at: at }))
        .returning('last_seq')
        .executeTakeFirstOrThrow();
      return row.last_seq;
    },

    byKey(q: Db, key: string) {
      return q.selectFrom('credit_entries').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
    },

    /** Her newest entry (its seq and the balance after it), or undefined: none yet. */
    last(q: Db, userId: string) {
      return q
        .selectFrom('credit_entries')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    async insert(trx: Db, row: Omit<CreditEntryRow, 'id'>): Promise<CreditEntryRow> {
      const inserted = await trx.insertInto('credit_entries').values(row).returningAll().executeTakeFirstOrThrow();
      await trx.updateTable('credit_accounts').set({ last_seq: row.seq }).where('user_id', '=', row.user_id).execute();
      return inserted;
    },

    /** Her entries, newest first. */
    forUser(userId: string, limit = 200) {
      return db
        .selectFrom('credit_entries')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('seq', 'desc')
        .limit(limit)
        .execute();
    },

    /** The sum of her entries (the balance, computed the long way: the tests hold it equal to the last entry's). */
    async sum(userId: string, q: Db = db): Promise<number> {
      const row = await q
        .selectFrom('credit_entries')
        .select((eb) => eb.fn.sum<number | string | null>('amount_cents').as('total'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /** An order's credit entries (its spend and what was given back). */
    forOrder(q: Db, orderId: number) {
      return q.selectFrom('credit_entries').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
    },
  };
}

export type CreditRepository = ReturnType<typeof createCreditRepository>;
