import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/**
 * Lenders' cancellations, their pauses and the items a pause takes out of the catalogue
 * (decision 0067). A pause moves only her self-lent pieces that are live ('active' -> 'paused')
 * and its lifting only those it paused ('paused' -> 'active'): conditional updates, so a piece
 * she removed or sent to review meanwhile is left as it is.
 */
export function createLenderCancellationRepository(db: Db) {
  const selfLent = (lenderId: string) =>
    db
      .selectFrom('listings')
      .innerJoin('items', 'items.id', 'listings.item_id')
      .select('items.id')
      .where('items.owner_id', '=', lenderId)
      .where('listings.lending_mode', '=', 'self');

  return {
    async insert(trx: Db, row: Insertable<DB['lender_cancellations']>): Promise<number> {
      const r = await trx.insertInto('lender_cancellations').values(row).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },
    setRefund: (trx: Db, id: number, refundCents: number) =>
      trx.updateTable('lender_cancellations').set({ refund_cents: refundCents }).where('id', '=', id).execute(),
    /** A cancelled booking was not a rental: the item's count goes back down. */
    uncountRental: (trx: Db, itemId: number) =>
      trx
        .updateTable('items')
        .set((eb) => ({ rental_count: eb('rental_count', '-', 1) }))
        .where('id', '=', itemId)
        .where('rental_count', '>', 0)
        .execute(),
    /** The lender's own row, locked until the transaction ends (her cancellations are counted one at a time). */
    lockLender: (trx: Db, lenderId: string) =>
      trx.selectFrom('user').select('id').where('id', '=', lenderId).forUpdate().execute(),
    async countSince(trx: Db, lenderId: string, since: string): Promise<number> {
      const r = await trx
        .selectFrom('lender_cancellations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('lender_id', '=', lenderId)
        .where('created_at', '>', since)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
    /** Pauses her (again, until `until`) and takes her live self-lent pieces out of the catalogue. */
    async pause(trx: Db, lenderId: string, at: string, until: string): Promise<void> {
      await trx
        .insertInto('lender_pauses')
        .values({ lender_id: lenderId, paused_at: at, paused_until: until, lifted_at: null })
        .onConflict((oc) => oc.column('lender_id').doUpdateSet({ paused_at: at, paused_until: until, lifted_at: null }))
        .execute();
      await trx
        .updateTable('items')
        .set({ status: 'paused' })
        .where('status', '=', 'active')
        .where('id', 'in', selfLent(lenderId))
        .execute();
    },
    duePauses: (at: string) =>
      db
        .selectFrom('lender_pauses')
        .select('lender_id')
        .where('lifted_at', 'is', null)
        .where('paused_until', '<=', at)
        .execute(),
    /** Lifts a pause whose time is up, once (a conditional update), and puts her paused pieces back. */
    async lift(trx: Db, lenderId: string, at: string): Promise<boolean> {
      const r = await trx
        .updateTable('lender_pauses')
        .set({ lifted_at: at })
        .where('lender_id', '=', lenderId)
        .where('lifted_at', 'is', null)
        .where('paused_until', '<=', at)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      await trx
        .updateTable('items')
        .set({ status: 'active' })
        .where('status', '=', 'paused')
        .where('id', 'in', selfLent(lenderId))
        .execute();
      return true;
    },
    /** A lender's cancellations (newest first): what payouts take her fee from. */
    ofLender: (lenderId: string, q: Db = db) =>
      q
        .selectFrom('lender_cancellations')
        .innerJoin('items', 'items.id', 'lender_cancellations.item_id')
        .select([
          'lender_cancellations.id',
          'lender_cancellations.fee_cents',
          'lender_cancellations.created_at',
          'items.name as item_name',
        ])
        .where('lender_cancellations.lender_id', '=', lenderId)
        .where('lender_cancellations.fee_cents', '>', 0)
        .orderBy('lender_cancellations.id', 'desc')
        .execute(),
  };
}
