import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

const COLUMNS = ['id', 'kind', 'title', 'body', 'link', 'created_at', 'read_at'] as const;

/** Every query of notifications: the member's list and marks, and the e-mail claim. */
export function createNotificationsRepository(db: Db) {
  return {
    /**
     * Inserts a notification unless one of this (kind, subject, recipient) exists (the unique
     * constraint decides, also between processes); returns the new id, or null when it existed.
     */
    async insertOnce(
      trx: Db,
      row: {
        user_id: string;
        kind: string;
        subject_type: string;
        subject_id: string;
        title: string;
        body: string;
        link: string | null;
        created_at: string;
      },
    ): Promise<number | null> {
      const inserted = await trx
        .insertInto('notifications')
        .values(row)
        .onConflict((oc) => oc.columns(['kind', 'subject_type', 'subject_id', 'user_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted?.id ?? null;
    },

    /** The member's notifications, newest first, before a given id. */
    list(userId: string, before: number | undefined, limit: number) {
      let q = db.selectFrom('notifications').select(COLUMNS).where('user_id', '=', userId);
      if (before !== undefined) q = q.where('id', '<', before);
      return q
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .execute();
    },

    async unreadCount(userId: string): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Marks one of the member's notifications read (once); false when it is not hers. */
    async markRead(userId: string, id: number, at: string): Promise<boolean> {
      const mine = await db
        .selectFrom('notifications')
        .select('id')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!mine) return false;
      await db
        .updateTable('notifications')
        .set({ read_at: at })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .execute();
      return true;
    },

    async markAllRead(userId: string, at: string): Promise<number> {
      const res = await db
        .updateTable('notifications')
        .set({ read_at: at })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    /**
     * Claims the e-mail of a notification for one sender: only while it is unsent and nobody else
     * holds a live claim. The conditional update is the whole decision (no read before it), so of
     * two processes at once one gets the row and the other nothing.
     */
    claimEmail(id: number, now: string, until: string) {
      return db
        .updateTable('notifications')
        .set((eb) => ({ email_claimed_until: until, email_attempts: eb('email_attempts', '+', 1) }))
        .where('id', '=', id)
        .where('emailed_at', 'is', null)
        .where((eb) => eb.or([eb('email_claimed_until', 'is', null), eb('email_claimed_until', '<', now)]))
        .returning(['id', 'user_id', 'kind', 'subject_id', 'title', 'body', 'link', 'email_attempts'])
        .executeTakeFirst();
    },

    recipient(userId: string) {
      return db.selectFrom('user').select(['email', 'name']).where('id', '=', userId).executeTakeFirst();
    },

    async markEmailed(id: number, claimedUntil: string, at: string): Promise<void> {
      await db
        .updateTable('notifications')
        .set({ emailed_at: at, email_claimed_until: null, email_error: null })
        .where('id', '=', id)
        .where('email_claimed_until', '=', claimedUntil)
        .execute();
    },

    async releaseEmail(id: number, claimedUntil: string, error: string): Promise<void> {
      await db
        .updateTable('notifications')
        .set({ email_claimed_until: null, email_error: error.slice(0, 500) })
        .where('id', '=', id)
        .where('email_claimed_until', '=', claimedUntil)
        .execute();
    },

    /** Unsent e-mails nobody is sending now (a job lost to a crash, or failed for now), oldest first. */
    unsent(now: string, maxAttempts: number, limit: number) {
      return db
        .selectFrom('notifications')
        .select('id')
        .where('emailed_at', 'is', null)
        .where('email_attempts', '<', maxAttempts)
        .where((eb) => eb.or([eb('email_claimed_until', 'is', null), eb('email_claimed_until', '<', now)]))
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Open rentals whose return date is in (today, until]: due back soon, not yet notified. */
    dueBackSoon(today: string, until: string) {
      return db
        .selectFrom('rentals')
        .innerJoin('items', 'items.id', 'rentals.item_id')
        .select(['rentals.id', 'rentals.user_id', 'rentals.end_date', 'items.name'])
        .where('rentals.returned_at', 'is', null)
        .where('rentals.end_date', '>', today)
        .where('rentals.end_date', '<=', until)
        .where((eb) => notNotified(eb, 'due_back_reminder'))
        .orderBy('rentals.id')
        .execute();
    },

    /**
     * Rentals sent out and not sent back whose return date is on or before `dueBy`: overdue, not
     * yet notified. (A reservation never dispatched never left: it cannot be overdue.)
     */
    overdue(dueBy: string) {
      return db
        .selectFrom('rentals')
        .innerJoin('items', 'items.id', 'rentals.item_id')
        .select(['rentals.id', 'rentals.user_id', 'rentals.end_date', 'items.name'])
        .where('rentals.returned_at', 'is', null)
        .where('rentals.dispatched_at', 'is not', null)
        .where('rentals.end_date', '<=', dueBy)
        .where((eb) => notNotified(eb, 'overdue_notice'))
        .orderBy('rentals.id')
        .execute();
    },

    /** RSVPs of events dated in (today, until], not yet reminded. */
    rsvpsSoon(today: string, until: string) {
      return db
        .selectFrom('event_rsvps')
        .innerJoin('events', 'events.id', 'event_rsvps.event_id')
        .select(['event_rsvps.user_id', 'events.id', 'events.title', 'events.date', 'events.time', 'events.location'])
        .where('events.date', '>', today)
        .where('events.date', '<=', until)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('notifications as n')
                .select(sql.lit(1).as('one'))
                .where('n.kind', '=', 'rsvp_reminder')
                .where('n.subject_type', '=', 'event')
                .whereRef('n.user_id', '=', 'event_rsvps.user_id')
                .where(sql<boolean>`n.subject_id = cast(events.id as text) || ':' || events.date`),
            ),
          ),
        )
        .orderBy('events.id')
        .execute();
    },
  };
}

/** No notification of this kind yet for the rental's current return date (subject '<id>:<date>'). */
function notNotified(eb: ExpressionBuilder<DB, 'rentals' | 'items'>, kind: string) {
  return eb.not(
    eb.exists(
      eb
        .selectFrom('notifications as n')
        .select(sql.lit(1).as('one'))
        .where('n.kind', '=', kind)
        .where('n.subject_type', '=', 'rental')
        .whereRef('n.user_id', '=', 'rentals.user_id')
        .where(sql<boolean>`n.subject_id = cast(rentals.id as text) || ':' || rentals.end_date`),
    ),
  );
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
