import type { Insertable, Kysely } from 'kysely';
import type { DB, EventsTable } from '../../db/schema';

type Db = Kysely<DB>;

const EVENT_COLUMNS = [
  'events.id',
  'events.title',
  'events.date',
  'events.time',
  'events.location',
  'events.description',
  'events.spots',
  'events.spots_left',
  'events.is_exclusive',
  'events.theme',
] as const;

export function createEventsRepository(db: Db) {
  /** Events with a flag for whether `userId` holds a spot (false for visitors). */
  const withReserved = (q: Db, userId: string | null) =>
    q
      .selectFrom('events')
      .leftJoin('event_rsvps', (join) =>
        join.onRef('event_rsvps.event_id', '=', 'events.id').on('event_rsvps.user_id', '=', userId ?? ''),
      )
      .select([...EVENT_COLUMNS, 'event_rsvps.user_id as reserved_by']);

  return {
    listUpcoming(today: string, userId: string | null) {
      return withReserved(db, userId)
        .where('events.date', '>=', today)
        .orderBy('events.date')
        .orderBy('events.id')
        .execute();
    },

    findEvent(id: number, userId: string | null, q: Db = db) {
      return withReserved(q, userId).where('events.id', '=', id).executeTakeFirst();
    },

    /** The member's spot; nothing happens (undefined) if she already holds one. */
    insertRsvp(trx: Db, eventId: number, userId: string, now: string) {
      return trx
        .insertInto('event_rsvps')
        .values({ event_id: eventId, user_id: userId, created_at: now })
        .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
        .returning('event_id')
        .executeTakeFirst();
    },

    /** Takes one spot only if one is left: the database decides, so concurrent RSVPs never overbook. */
    async takeSpot(trx: Db, eventId: number): Promise<boolean> {
      const res = await trx
        .updateTable('events')
        .set((eb) => ({ spots_left: eb('spots_left', '-', 1) }))
        .where('id', '=', eventId)
        .where('spots_left', '>', 0)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    deleteRsvp(trx: Db, eventId: number, userId: string) {
      return trx
        .deleteFrom('event_rsvps')
        .where('event_id', '=', eventId)
        .where('user_id', '=', userId)
        .returning('event_id')
        .executeTakeFirst();
    },

    async giveBackSpot(trx: Db, eventId: number): Promise<void> {
      await trx
        .updateTable('events')
        .set((eb) => ({ spots_left: eb('spots_left', '+', 1) }))
        .where('id', '=', eventId)
        .whereRef('spots_left', '<', 'spots')
        .execute();
    },

    /** Seed: is there an occurrence of this sample event today or later? */
    async hasUpcomingInSeries(series: string, today: string): Promise<boolean> {
      const row = await db
        .selectFrom('events')
        .select('id')
        .where('series', '=', series)
        .where('date', '>=', today)
        .executeTakeFirst();
      return !!row;
    },

    async insertEvent(values: Insertable<EventsTable>) {
      await db
        .insertInto('events')
        .values(values)
        .onConflict((oc) => oc.columns(['series', 'date']).doNothing())
        .execute();
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
export type EventRow = NonNullable<Awaited<ReturnType<EventsRepository['findEvent']>>>;
