import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/**
 * Referral codes and referrals (decision 0063). Reads of the friend's rentals and orders (which
 * the rentals and orders features write) are here to find a reward that is due.
 */
export function createReferralsRepository(db: Db) {
  return {
    codeOf(userId: string) {
      return db.selectFrom('referral_codes').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** Her code, made once (ON CONFLICT keeps the first); null when `code` is taken by someone else. */
    async insertCode(userId: string, code: string, at: string): Promise<boolean> {
      const row = await db
        .insertInto('referral_codes')
        .values({ user_id: userId, code, created_at: at })
        .onConflict((oc) => oc.doNothing())
        .returning('user_id')
        .executeTakeFirst();
      return !!row;
    },

    byCode(q: Db, code: string) {
      return q
        .selectFrom('referral_codes')
        .innerJoin('user', 'user.id', 'referral_codes.user_id')
        .select(['referral_codes.user_id', 'referral_codes.code', 'user.full_name', 'user.email'])
        .where('referral_codes.code', '=', code)
        .executeTakeFirst();
    },

    member(q: Db, userId: string) {
      return q
        .selectFrom('user')
        .select(['id', 'email', 'full_name', 'createdAt'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** The friend's referral: null when this one is not the first (unique friend_id decides). */
    async insertReferral(trx: Db, referrerId: string, friendId: string, at: string): Promise<boolean> {
      const row = await trx
        .insertInto('referrals')
        .values({ referrer_id: referrerId, friend_id: friendId, status: 'pending', created_at: at })
        .onConflict((oc) => oc.column('friend_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return !!row;
    },

    invitedBy(referrerId: string) {
      return db
        .selectFrom('referrals')
        .innerJoin('user', 'user.id', 'referrals.friend_id')
        .select(['referrals.status', 'referrals.created_at', 'user.full_name'])
        .where('referrals.referrer_id', '=', referrerId)
        .orderBy('referrals.id', 'desc')
        .limit(100)
        .execute();
    },

    joinedWith(friendId: string) {
      return db.selectFrom('referrals').select('status').where('friend_id', '=', friendId).executeTakeFirst();
    },

    /**
     * Pending referrals whose friend has a paid rental that can no longer be cancelled: a
     * pay-per-item order, confirmed, its piece sent (or handed over) and not cancelled. The
     * friend's first such rental, with the card her order was charged to.
     */
    due(limit: number) {
      return db
        .selectFrom('referrals')
        .innerJoin('rentals', 'rentals.user_id', 'referrals.friend_id')
        .innerJoin('orders', 'orders.id', 'rentals.order_id')
        .select([
          'referrals.id',
          'referrals.referrer_id',
          'referrals.friend_id',
          'rentals.id as rental_id',
          'orders.card_brand',
          'orders.card_last_four',
        ])
        .where('referrals.status', '=', 'pending')
        .where('orders.covered_by_plan', '=', 0)
        .where('orders.status', '=', 'confirmed')
        .where('rentals.dispatched_at', 'is not', null)
        .where('rentals.cancelled_at', 'is', null)
        .orderBy('referrals.id')
        .orderBy('rentals.id')
        .limit(limit)
        .execute();
    },

    /** Whether the referrer has paid with this card (brand and last four) on any order. */
    async referrerUsedCard(q: Db, referrerId: string, brand: string, lastFour: string): Promise<boolean> {
      const row = await q
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', referrerId)
        .where('card_brand', '=', brand)
        .where('card_last_four', '=', lastFour)
        .limit(1)
        .executeTakeFirst();
      return !!row;
    },

    /** Decides a pending referral once: the conditional update lets one caller through. */
    async decide(
      trx: Db,
      id: number,
      v: { status: 'rewarded' | 'refused'; reason: string | null; rentalId: number; at: string },
    ): Promise<boolean> {
      const res = await trx
        .updateTable('referrals')
        .set({ status: v.status, refused_reason: v.reason, rental_id: v.rentalId, decided_at: v.at })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
  };
}
