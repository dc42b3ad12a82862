import { addDays } from '../../../domain/catalogue';
import { EVENT_MESSAGES, SAMPLE_EVENTS, type Event } from '../../../domain/events';
import type { AppContext } from '../../context';
import { DomainError, notFound } from '../../../domain/errors';
import { createEventsRepository, type EventRow } from './events.repository';

function toEvent(row: EventRow): Event {
  return {
    id: row.id,
    title: row.title,
    date: row.date,
    time: row.time,
    location: row.location,
    description: row.description,
    spots: row.spots,
    spotsLeft: Math.max(0, row.spots_left),
    isExclusive: row.is_exclusive === 1,
    theme: row.theme,
    reserved: !!row.reserved_by,
  };
}

export function createEventsService(ctx: AppContext) {
  const { db } = ctx.database;
  const repo = createEventsRepository(db);
  const today = () => ctx.today();

  async function upcomingOr404(eventId: number, userId: string | null) {
    const row = await repo.findEvent(eventId, userId);
    if (!row || row.date < today()) throw notFound('Event not found');
    return row;
  }

  return {
    /** Events from today on, soonest first, each saying whether this member holds a spot. */
    async list(userId: string | null): Promise<Event[]> {
      return (await repo.listUpcoming(today(), userId)).map(toEvent);
    },

    /**
     * Reserves one spot. The spot is taken by a conditional update inside the same transaction as
     * the reservation row, so a full event refuses (409) and concurrent RSVPs never overbook; a
     * second RSVP by the same member is refused by the primary key (409).
     */
    async rsvp(userId: string, eventId: number): Promise<Event> {
      await upcomingOr404(eventId, userId);
      const now = ctx.clock().toISOString();
      await db.transaction().execute(async (trx) => {
        const inserted = await repo.insertRsvp(trx, eventId, userId, now);
        if (!inserted) throw new DomainError('CONFLICT', EVENT_MESSAGES.alreadyReserved);
        if (!(await repo.takeSpot(trx, eventId))) throw new DomainError('EVENT_FULL', EVENT_MESSAGES.full);
      });
      return toEvent(await upcomingOr404(eventId, userId));
    },

    /** Gives the member's spot back. */
    async cancel(userId: string, eventId: number): Promise<Event> {
      await upcomingOr404(eventId, userId);
      await db.transaction().execute(async (trx) => {
        const deleted = await repo.deleteRsvp(trx, eventId, userId);
        if (!deleted) throw notFound(EVENT_MESSAGES.notReserved);
        await repo.giveBackSpot(trx, eventId);
      });
      return toEvent(await upcomingOr404(eventId, userId));
    },

    /**
     * Seed: the three sample events, dated from today. A new occurrence is added only once the
     * previous one has passed, so running it again changes nothing.
     */
    async seedSamples(): Promise<void> {
      const day = today();
      for (const s of SAMPLE_EVENTS) {
        if (await repo.hasUpcomingInSeries(s.series, day)) continue;
        await repo.insertEvent({
          series: s.series,
          title: s.title,
          date: addDays(day, s.daysFromToday),
          time: s.time,
          location: s.location,
          description: s.description,
          spots: s.spots,
          spots_left: s.spots,
          is_exclusive: s.isExclusive ? 1 : 0,
          theme: s.theme,
          created_at: ctx.clock().toISOString(),
        });
      }
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
