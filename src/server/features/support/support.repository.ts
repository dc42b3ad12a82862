import type { Insertable, Kysely } from 'kysely';
import type { ContactMessagesTable, DB, StylingAppointmentsTable } from '../../db/schema';

/** The only code that reads and writes the customer-care tables. */
export function createSupportRepository(db: Kysely<DB>) {
  return {
    insertContactMessage(row: Insertable<ContactMessagesTable>) {
      return db.insertInto('contact_messages').values(row).returning(['id', 'created_at']).executeTakeFirstOrThrow();
    },

    /**
     * Books a slot. The unique (date, time) constraint decides between members booking the same
     * slot at once: the loser's insert does nothing and this returns undefined.
     */
    insertAppointment(row: Insertable<StylingAppointmentsTable>) {
      return db
        .insertInto('styling_appointments')
        .values(row)
        .onConflict((oc) => oc.columns(['date', 'time']).doNothing())
        .returning(['id', 'date', 'time', 'kind', 'note', 'created_at'])
        .executeTakeFirst();
    },

    /** The booked times of one day. */
    async takenTimes(date: string): Promise<string[]> {
      const rows = await db.selectFrom('styling_appointments').select('time').where('date', '=', date).execute();
      return rows.map((r) => r.time);
    },

    /** A member's appointments from `fromDate` on, soonest first. */
    listUpcoming(userId: string, fromDate: string) {
      return db
        .selectFrom('styling_appointments')
        .select(['id', 'date', 'time', 'kind', 'note', 'created_at'])
        .where('user_id', '=', userId)
        .where('date', '>=', fromDate)
        .orderBy('date')
        .orderBy('time')
        .execute();
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
