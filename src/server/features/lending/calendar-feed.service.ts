import { randomBytes } from 'node:crypto';
import { addDays } from '../../../domain/calendar';
import { notFound } from '../../../domain/errors';
import { LENDER_POLICY_MESSAGES } from '../../../domain/lender-policies';
import type { AppContext } from '../../context';
import { createCalendarFeedRepository } from './calendar-feed.repository';
import { buildCalendar, type IcsEvent } from './ics';

/** How far back a feed shows days (a calendar app keeps what it saw; older days need not come again). */
const FEED_PAST_DAYS = 30;

/** The address of a feed (under the API: the secret is the only key, no session is read). */
export const feedPath = (token: string) => `/api/lending/feed/${token}.ics`;

/**
 * Her private calendar feed (docs/product.md "Lender policies", decision 0067): the days her
 * pieces are booked (rentals and accepted or pending requests, with delivery and cleaning) and the
 * days she blocked, as an ICS file at a secret address for her own calendar app. The secret is 32
 * random characters (24 bytes); resetting it makes the old address answer 404 at once.
 */
export function createCalendarFeedService(ctx: AppContext) {
  const repo = createCalendarFeedRepository(ctx.database.db);
  const newToken = () => randomBytes(24).toString('base64url');
  const nowIso = () => ctx.clock().toISOString();

  async function feed(userId: string) {
    let row = await repo.feedOf(userId);
    if (!row) {
      await repo.ensure(userId, newToken(), nowIso());
      row = (await repo.feedOf(userId))!;
    }
    return { path: feedPath(row.token), createdAt: row.created_at };
  }

  return {
    /** Her feed's address (made on first ask). */
    calendarFeed: feed,

    /** A new secret address; the old one stops working. */
    async resetCalendarFeed(userId: string) {
      await repo.reset(userId, newToken(), nowIso());
      return feed(userId);
    },

    /** The ICS text of the feed whose secret this is (404 for any other). */
    async calendarIcs(token: string): Promise<string> {
      const owner = /^[A-Za-z0-9_-]{20,64}$/.test(token) ? await repo.byToken(token) : undefined;
      if (!owner) throw notFound(LENDER_POLICY_MESSAGES.feedNotFound);
      const pieces = await repo.pieces(owner.user_id);
      const names = new Map(pieces.map((p) => [p.id, p.name]));
      const ids = pieces.map((p) => p.id);
      const from = addDays(ctx.today(), -FEED_PAST_DAYS);
      const [blocks, held] = await Promise.all([repo.blocks(ids, from), repo.held(ids, from)]);
      const host = new URL(ctx.env.publicUrl).host;
      const events: IcsEvent[] = [
        ...held.map((h) => ({
          uid: `rental-${h.id}@${host}`,
          startDate: h.held_from,
          endDate: h.held_until,
          summary: `Booked: ${names.get(h.item_id) ?? 'your piece'}`,
          description: `Rental ${h.start_date} to ${h.end_date}, with delivery and cleaning.`,
        })),
        ...blocks.map((b) => ({
          uid: `block-${b.id}@${host}`,
          startDate: b.start_date,
          endDate: b.end_date,
          summary: `Blocked: ${names.get(b.item_id) ?? 'your piece'}`,
        })),
      ];
      return buildCalendar({ name: 'Rentique lending', events, now: ctx.clock() });
    },
  };
}

export type CalendarFeedService = ReturnType<typeof createCalendarFeedService>;
