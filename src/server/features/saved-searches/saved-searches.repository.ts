import type { Kysely, Selectable } from 'kysely';
import type { DB, SavedSearchesTable } from '../../db/schema';

type Db = Kysely<DB>;
export type SavedSearchRow = Selectable<SavedSearchesTable>;

/** Saved searches' queries (decision 0065): every read and write of hers is scoped to her. */
export function createSavedSearchesRepository(db: Db) {
  return {
    listForUser(userId: string): Promise<SavedSearchRow[]> {
      return db
        .selectFrom('saved_searches')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    forUser(id: number, userId: string): Promise<SavedSearchRow | undefined> {
      return db
        .selectFrom('saved_searches')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Serialises her creates (PostgreSQL: her profile row FOR UPDATE; SQLite writes one at a time), so the count stays true. */
    async lockMember(trx: Db, userId: string): Promise<void> {
      await trx.selectFrom('profiles').select('id').where('id', '=', userId).forUpdate().execute();
    },

    async count(trx: Db, userId: string): Promise<number> {
      const row = await trx
        .selectFrom('saved_searches')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(
      trx: Db,
      row: Omit<SavedSearchRow, 'id' | 'alerts' | 'last_alert_on'> & { alerts: number },
    ): Promise<number> {
      const r = await trx.insertInto('saved_searches').values(row).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },

    async update(id: number, userId: string, set: { name?: string; alerts?: number; updated_at: string }) {
      const res = await db
        .updateTable('saved_searches')
        .set(set)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async remove(id: number, userId: string): Promise<boolean> {
      const res = await db
        .deleteFrom('saved_searches')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },

    /** Alerts off by the e-mail's link; the search's name, or undefined for an unknown token. */
    async unsubscribe(token: string, at: string): Promise<string | undefined> {
      const row = await db
        .updateTable('saved_searches')
        .set({ alerts: 0, updated_at: at })
        .where('unsubscribe_token', '=', token)
        .returning('name')
        .executeTakeFirst();
      return row?.name;
    },

    tokenOf(id: number, userId: string) {
      return db
        .selectFrom('saved_searches')
        .select(['unsubscribe_token', 'alerts'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** The searches with alerts on and no alert yet today. */
    alertsDue(today: string): Promise<SavedSearchRow[]> {
      return db
        .selectFrom('saved_searches')
        .selectAll()
        .where('alerts', '=', 1)
        .where((eb) => eb.or([eb('last_alert_on', 'is', null), eb('last_alert_on', '<', today)]))
        .orderBy('id')
        .execute();
    },

    /**
     * Claims today's alert of a search: a conditional update, so of two workers (or two runs) one
     * wins, and a search is told at most once a day. Moves `checked_at` past what the alert tells.
     */
    async claimDay(trx: Db, id: number, today: string, checkedAt: string): Promise<boolean> {
      const res = await trx
        .updateTable('saved_searches')
        .set({ last_alert_on: today, checked_at: checkedAt })
        .where('id', '=', id)
        .where('alerts', '=', 1)
        .where((eb) => eb.or([eb('last_alert_on', 'is', null), eb('last_alert_on', '<', today)]))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Nothing new matched: what was looked at is not new next time (unless an alert claimed the day meanwhile). */
    async markChecked(id: number, checkedAt: string): Promise<void> {
      await db
        .updateTable('saved_searches')
        .set({ checked_at: checkedAt })
        .where('id', '=', id)
        .where('checked_at', '<', checkedAt)
        .execute();
    },
  };
}

export type SavedSearchesRepository = ReturnType<typeof createSavedSearchesRepository>;
