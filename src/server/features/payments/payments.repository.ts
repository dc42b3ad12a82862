import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, PaymentLedgerTable } from '../../db/schema';

type Db = Kysely<DB>;
export type LedgerRow = Selectable<PaymentLedgerTable>;

/** True for a unique-constraint violation on SQLite or PostgreSQL. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** The only code that touches the payments ledger. */
export function createPaymentsRepository(db: Db) {
  const find = (id: number, q: Db = db) =>
    q.selectFrom('payment_ledger').selectAll().where('id', '=', id).executeTakeFirst();

  return {
    async insert(trx: Db, row: Insertable<PaymentLedgerTable>): Promise<LedgerRow> {
      return trx.insertInto('payment_ledger').values(row).returningAll().executeTakeFirstOrThrow();
    },

    find,

    findByKey(key: string, q: Db = db) {
      return q.selectFrom('payment_ledger').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
    },

    /**
     * Writes the provider's answer on a pending entry (a second writer of the same answer changes
     * nothing); the row as it now stands.
     */
    async answer(
      id: number,
      v: {
        status: string;
        providerRef: string | null;
        declineCode: string | null;
        message: string | null;
        now: string;
      },
    ): Promise<LedgerRow | undefined> {
      const row = await db
        .updateTable('payment_ledger')
        .set({
          status: v.status,
          provider_ref: v.providerRef,
          decline_code: v.declineCode,
          message: v.message,
          updated_at: v.now,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
      // Answered already (a recovery, another process): that answer stands.
      return row ?? find(id);
    },

    /**
     * Claims the right to apply an answered entry's outcome: one conditional update, so of the
     * request and a recovery (or two processes) only one applies it.
     */
    async claimSettlement(trx: Db, id: number, now: string): Promise<LedgerRow | undefined> {
      return trx
        .updateTable('payment_ledger')
        .set({ settled_at: now })
        .where('id', '=', id)
        .where('settled_at', 'is', null)
        .where('status', '!=', 'pending')
        .returningAll()
        .executeTakeFirst();
    },

    /** Entries whose outcome was not applied, recorded before `before`, oldest first. */
    unsettled(before: string, limit: number) {
      return db
        .selectFrom('payment_ledger')
        .selectAll()
        .where('settled_at', 'is', null)
        .where('created_at', '<', before)
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /**
     * A member's entries on some orders or on their rentals (a late fee or a damage claim is
     * recorded on the rental, not the order), oldest first. Only hers: the user's index first.
     */
    forMemberOrders(userId: string, orderIds: number[], rentalIds: number[]) {
      if (orderIds.length === 0 && rentalIds.length === 0) return Promise.resolve([] as LedgerRow[]);
      return db
        .selectFrom('payment_ledger')
        .selectAll()
        .where('user_id', '=', userId)
        .where((eb) =>
          eb.or([
            ...(orderIds.length > 0 ? [eb('order_id', 'in', orderIds)] : []),
            ...(rentalIds.length > 0 ? [eb('rental_id', 'in', rentalIds)] : []),
          ]),
        )
        .orderBy('id')
        .execute();
    },

    forRental(rentalId: number, q: Db = db) {
      return q.selectFrom('payment_ledger').selectAll().where('rental_id', '=', rentalId).orderBy('id').execute();
    },

    forUser(userId: string) {
      return db.selectFrom('payment_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    },

    /** Entries acting on an entry (the refunds of a charge...). */
    targeting(trx: Db, targetId: number) {
      return trx.selectFrom('payment_ledger').selectAll().where('target_id', '=', targetId).orderBy('id').execute();
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
