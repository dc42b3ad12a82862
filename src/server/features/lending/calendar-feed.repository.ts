import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/** The calendar feeds' secrets and what a feed shows: her pieces' blocked and held days (decision 0067). */
export function createCalendarFeedRepository(db: Db) {
  return {
    feedOf: (userId: string) =>
      db.selectFrom('calendar_feeds').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    /** Her feed's secret, made once: two first reads at once make one (the primary key). */
    async ensure(userId: string, token: string, at: string): Promise<void> {
      await db
        .insertInto('calendar_feeds')
        .values({ user_id: userId, token, created_at: at })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },
    /** A new secret: the old one stops working at once. */
    async reset(userId: string, token: string, at: string): Promise<void> {
      await db
        .insertInto('calendar_feeds')
        .values({ user_id: userId, token, created_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ token, created_at: at }))
        .execute();
    },
    byToken: (token: string) =>
      db.selectFrom('calendar_feeds').select(['user_id']).where('token', '=', token).executeTakeFirst(),
    /** Her pieces not removed. */
    pieces: (ownerId: string) =>
      db
        .selectFrom('items')
        .select(['id', 'name'])
        .where('owner_id', '=', ownerId)
        .where('status', '!=', 'removed')
        .orderBy('id')
        .execute(),
    blocks: (itemIds: number[], from: string) =>
      itemIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('lender_blocks')
            .select(['id', 'item_id', 'start_date', 'end_date'])
            .where('item_id', 'in', itemIds)
            .where('removed_at', 'is', null)
            .where('end_date', '>', from)
            .orderBy('start_date')
            .execute(),
    /** Rentals and requests holding her pieces (the held days, delivery and cleaning included). */
    held: (itemIds: number[], from: string) =>
      itemIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('rentals')
            .innerJoin('bookings', 'bookings.id', 'rentals.booking_id')
            .select([
              'rentals.id',
              'rentals.item_id',
              'rentals.start_date',
              'rentals.end_date',
              'bookings.start_date as held_from',
              'bookings.end_date as held_until',
            ])
            .where('rentals.item_id', 'in', itemIds)
            .where('bookings.released_at', 'is', null)
            .where('bookings.end_date', '>', from)
            .orderBy('bookings.start_date')
            .execute(),
  };
}
