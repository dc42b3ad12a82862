import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, GiftCardsTable } from '../../db/schema';

type Db = Kysely<DB>;
export type GiftCardRow = Selectable<GiftCardsTable>;

/** Gift cards and gift months (decisions 0063, 0069): the only code that touches `gift_cards`. */
export function createGiftCardsRepository(db: Db) {
  return {
    /** A new card; null when this buyer's request key was used (a double submit): the first stands. */
    async insert(trx: Db, row: Insertable<GiftCardsTable>): Promise<GiftCardRow | null> {
      const inserted = await trx
        .insertInto('gift_cards')
        .values(row)
        .onConflict((oc) => oc.columns(['buyer_id', 'request_key']).doNothing())
        .returningAll()
        .executeTakeFirst();
      return inserted ?? null;
    },

    byRequest(q: Db, buyerId: string, requestKey: string) {
      return q
        .selectFrom('gift_cards')
        .selectAll()
        .where('buyer_id', '=', buyerId)
        .where('request_key', '=', requestKey)
        .executeTakeFirst();
    },

    byCode(q: Db, code: string) {
      return q.selectFrom('gift_cards').selectAll().where('code', '=', code).executeTakeFirst();
    },

    byId(q: Db, id: number) {
      return q.selectFrom('gift_cards').selectAll().where('id', '=', id).executeTakeFirst();
    },

    boughtBy(buyerId: string) {
      return db
        .selectFrom('gift_cards')
        .selectAll()
        .where('buyer_id', '=', buyerId)
        .orderBy('id', 'desc')
        .limit(100)
        .execute();
    },

    async setStatus(trx: Db, id: number, status: 'paid' | 'failed', at: string): Promise<void> {
      await trx
        .updateTable('gift_cards')
        .set({ status, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'pending_payment')
        .execute();
    },

    /** Redeems the card once: the conditional update lets one redeemer through. */
    async redeem(trx: Db, code: string, userId: string, at: string): Promise<GiftCardRow | null> {
      const row = await trx
        .updateTable('gift_cards')
        .set({ redeemed_by: userId, redeemed_at: at, updated_at: at })
        .where('code', '=', code)
        .where('status', '=', 'paid')
        .where('redeemed_by', 'is', null)
        .returningAll()
        .executeTakeFirst();
      return row ?? null;
    },

    /** What a redeemed gift month did to her plan (decision 0069), in the redemption's transaction. */
    async setRedeemedHow(trx: Db, id: number, how: string, planUntil: string): Promise<void> {
      await trx
        .updateTable('gift_cards')
        .set({ redeemed_how: how, plan_until: planUntil })
        .where('id', '=', id)
        .execute();
    },

    /** Paid cards whose send day has come and that are not sent (nor being sent since `staleBefore`). */
    due(today: string, staleBefore: string, limit: number) {
      return db
        .selectFrom('gift_cards')
        .selectAll()
        .where('status', '=', 'paid')
        .where('sent_at', 'is', null)
        .where('send_on', '<=', today)
        .where((eb) => eb.or([eb('send_claimed_at', 'is', null), eb('send_claimed_at', '<', staleBefore)]))
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Claims a card's e-mail for this sender (a lease): one of two senders at once gets it. */
    async claimSend(id: number, seen: string | null, at: string): Promise<boolean> {
      let q = db
        .updateTable('gift_cards')
        .set({ send_claimed_at: at })
        .where('id', '=', id)
        .where('sent_at', 'is', null);
      q = seen === null ? q.where('send_claimed_at', 'is', null) : q.where('send_claimed_at', '=', seen);
      return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
    },

    async markSent(id: number, at: string): Promise<void> {
      await db.updateTable('gift_cards').set({ sent_at: at, updated_at: at }).where('id', '=', id).execute();
    },
  };
}
