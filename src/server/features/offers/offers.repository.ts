import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, PromoCodesTable } from '../../db/schema';

type Db = Kysely<DB>;
export type PromoCodeRow = Selectable<PromoCodesTable>;

/**
 * The offers' tables (decision 0056): welcome_offer_claims, promo_codes, promo_code_member_uses
 * and promo_redemptions. Every limit is decided by the database: a primary key for the welcome
 * offer, conditional updates for a code's uses.
 */
export function createOffersRepository(db: Db) {
  return {
    async welcomeClaimed(reader: Db, userId: string): Promise<boolean> {
      const row = await reader
        .selectFrom('welcome_offer_claims')
        .select('user_id')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return !!row;
    },

    /**
     * Claims the welcome offer for the order: true when this transaction inserted her row. On
     * PostgreSQL a second transaction inserting the same key waits for the first and then inserts
     * nothing; on SQLite writes are serialised.
     */
    async claimWelcome(trx: Db, userId: string, orderId: number, cents: number, at: string): Promise<boolean> {
      const inserted = await trx
        .insertInto('welcome_offer_claims')
        .values({ user_id: userId, order_id: orderId, discount_cents: cents, created_at: at })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning('user_id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async releaseWelcome(trx: Db, orderId: number): Promise<void> {
      await trx.deleteFrom('welcome_offer_claims').where('order_id', '=', orderId).execute();
    },

    codeByText(reader: Db, code: string) {
      return reader.selectFrom('promo_codes').selectAll().where('code', '=', code).executeTakeFirst();
    },

    async memberUses(reader: Db, codeId: number, userId: string): Promise<number> {
      const row = await reader
        .selectFrom('promo_code_member_uses')
        .select('uses')
        .where('code_id', '=', codeId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.uses ?? 0;
    },

    /**
     * Takes one use of the code, in all and for her, only while under both limits: two
     * conditional updates in the booking's transaction. The first holds the code's row (on
     * PostgreSQL) until the booking commits, so 50 redemptions of a 10-use code make 10.
     */
    async takeUse(trx: Db, code: PromoCodeRow, userId: string): Promise<'ok' | 'used_up' | 'member_limit'> {
      const total = await trx
        .updateTable('promo_codes')
        .set((eb) => ({ uses: eb('uses', '+', 1) }))
        .where('id', '=', code.id)
        .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
        .executeTakeFirst();
      if (Number(total.numUpdatedRows) !== 1) return 'used_up';
      await trx
        .insertInto('promo_code_member_uses')
        .values({ code_id: code.id, user_id: userId, uses: 0 })
        .onConflict((oc) => oc.columns(['code_id', 'user_id']).doNothing())
        .execute();
      let mine = trx
        .updateTable('promo_code_member_uses')
        .set((eb) => ({ uses: eb('uses', '+', 1) }))
        .where('code_id', '=', code.id)
        .where('user_id', '=', userId);
      if (code.max_uses_per_member !== null) mine = mine.where('uses', '<', code.max_uses_per_member);
      const res = await mine.executeTakeFirst();
      return Number(res.numUpdatedRows) === 1 ? 'ok' : 'member_limit';
    },

    async insertRedemption(trx: Db, row: Insertable<DB['promo_redemptions']>): Promise<void> {
      await trx.insertInto('promo_redemptions').values(row).execute();
    },

    /** Gives back the uses of the order's code (a declined card: nothing was booked). */
    async releaseRedemption(trx: Db, orderId: number): Promise<void> {
      const r = await trx
        .deleteFrom('promo_redemptions')
        .where('order_id', '=', orderId)
        .returning(['code_id', 'user_id'])
        .executeTakeFirst();
      if (!r) return;
      await trx
        .updateTable('promo_codes')
        .set((eb) => ({ uses: eb('uses', '-', 1) }))
        .where('id', '=', r.code_id)
        .where('uses', '>', 0)
        .execute();
      await trx
        .updateTable('promo_code_member_uses')
        .set((eb) => ({ uses: eb('uses', '-', 1) }))
        .where('code_id', '=', r.code_id)
        .where('user_id', '=', r.user_id)
        .where('uses', '>', 0)
        .execute();
    },

    listCodes() {
      return db.selectFrom('promo_codes').selectAll().orderBy('id', 'desc').limit(500).execute();
    },

    codeById(reader: Db, id: number) {
      return reader.selectFrom('promo_codes').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** A new code; null when the code is taken (ON CONFLICT DO NOTHING keeps the transaction usable). */
    async insertCode(trx: Db, row: Insertable<PromoCodesTable>): Promise<PromoCodeRow | null> {
      const inserted = await trx
        .insertInto('promo_codes')
        .values(row)
        .onConflict((oc) => oc.column('code').doNothing())
        .returningAll()
        .executeTakeFirst();
      return inserted ?? null;
    },

    async setActive(trx: Db, id: number, active: boolean, at: string): Promise<void> {
      await trx
        .updateTable('promo_codes')
        .set({ active: active ? 1 : 0, updated_at: at })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type OffersRepository = ReturnType<typeof createOffersRepository>;
