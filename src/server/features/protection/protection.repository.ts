import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/**
 * The protection tables (decision 0064): covers, deposits, damage assessments, piece policies and
 * identity checks. Rentals and items are read here, never written (the bookings core owns them).
 */
export function createProtectionRepository(db: Db) {
  return {
    /** A rental with what protection needs of it: its renter, lender, piece and where it stands. */
    rental(rentalId: number, q: Db = db) {
      return q
        .selectFrom('rentals')
        .innerJoin('items', 'items.id', 'rentals.item_id')
        .innerJoin('bookings', 'bookings.id', 'rentals.booking_id')
        .select([
          'rentals.id',
          'rentals.user_id',
          'rentals.item_id',
          'rentals.lender_id',
          'rentals.start_date',
          'rentals.returned_at',
          'rentals.checked_in_at',
          'rentals.dispatched_at',
          'bookings.released_at',
          'items.name as item_name',
          'items.retail_price_cents',
          'items.owner_id',
        ])
        .where('rentals.id', '=', rentalId)
        .executeTakeFirst();
    },
    item(itemId: number, q: Db = db) {
      return q
        .selectFrom('items')
        .select(['id', 'owner_id', 'retail_price_cents', 'name'])
        .where('id', '=', itemId)
        .executeTakeFirst();
    },

    cover: (rentalId: number, q: Db = db) =>
      q.selectFrom('rental_covers').selectAll().where('rental_id', '=', rentalId).executeTakeFirst(),
    insertCover: (trx: Db, row: DB['rental_covers']) => trx.insertInto('rental_covers').values(row).execute(),
    setCover: (trx: Db, rentalId: number, set: { status: string; entry_id?: number }) =>
      trx.updateTable('rental_covers').set(set).where('rental_id', '=', rentalId).execute(),

    /** failed -> pending, once: a declined cover fee tried again. */
    async retryCover(trx: Db, rentalId: number): Promise<boolean> {
      const r = await trx
        .updateTable('rental_covers')
        .set({ status: 'pending', entry_id: null })
        .where('rental_id', '=', rentalId)
        .where('status', '=', 'failed')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    deposit: (rentalId: number, q: Db = db) =>
      q.selectFrom('rental_deposits').selectAll().where('rental_id', '=', rentalId).executeTakeFirst(),
    insertDeposit: (
      trx: Db,
      row: { rental_id: number; user_id: string; amount_cents: number; status: string; created_at: string },
    ) => trx.insertInto('rental_deposits').values(row).execute(),
    setDeposit: (trx: Db, rentalId: number, set: { status?: string; auth_entry_id?: number }) =>
      trx.updateTable('rental_deposits').set(set).where('rental_id', '=', rentalId).execute(),
    /** held -> released | captured, once: the database decides between two staff at once. */
    async settleDeposit(
      trx: Db,
      rentalId: number,
      to: { status: 'released' | 'captured'; capturedCents: number; by: string; at: string },
    ): Promise<boolean> {
      const r = await trx
        .updateTable('rental_deposits')
        .set({ status: to.status, captured_cents: to.capturedCents, settled_by: to.by, settled_at: to.at })
        .where('rental_id', '=', rentalId)
        .where('status', '=', 'held')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    damage: (rentalId: number, q: Db = db) =>
      q.selectFrom('damage_assessments').selectAll().where('rental_id', '=', rentalId).executeTakeFirst(),
    async insertDamage(trx: Db, row: Insertable<DB['damage_assessments']>): Promise<number> {
      const r = await trx.insertInto('damage_assessments').values(row).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },
    setDamageCharge: (trx: Db, id: number, set: { charge_entry_id?: number | null; charge_status: string }) =>
      trx.updateTable('damage_assessments').set(set).where('id', '=', id).execute(),
    /** A lender's damage on her pieces: what she is owed per the schedule (payouts read it). */
    damageOfLender: (lenderId: string, q: Db = db) =>
      q
        .selectFrom('damage_assessments')
        .innerJoin('items', 'items.id', 'damage_assessments.item_id')
        .select([
          'damage_assessments.id',
          'damage_assessments.rental_id',
          'damage_assessments.full_cents',
          'damage_assessments.renter_cents',
          'damage_assessments.charge_status',
          'damage_assessments.created_at',
          'items.name as item_name',
        ])
        .where('damage_assessments.lender_id', '=', lenderId)
        .where('damage_assessments.full_cents', '>', 0)
        .execute(),

    policy: (itemId: number, q: Db = db) =>
      q.selectFrom('piece_policies').selectAll().where('item_id', '=', itemId).executeTakeFirst(),
    async upsertPolicy(row: Insertable<DB['piece_policies']>): Promise<void> {
      const { item_id: _id, ...set } = row;
      await db
        .insertInto('piece_policies')
        .values(row)
        .onConflict((oc) => oc.column('item_id').doUpdateSet(set))
        .execute();
    },

    /** Instant Book on or off, the rest of her policy as it is (its defaults when she set none). */
    async setInstantBook(itemId: number, on: boolean, at: string): Promise<void> {
      const row = { item_id: itemId, min_days: 1, max_days: 30, cleaning: '', deposit_required: 0 };
      await db
        .insertInto('piece_policies')
        .values({ ...row, instant_book: on ? 1 : 0, updated_at: at })
        .onConflict((oc) => oc.column('item_id').doUpdateSet({ instant_book: on ? 1 : 0, updated_at: at }))
        .execute();
    },

    latestCheck: (userId: string, q: Db = db) =>
      q
        .selectFrom('identity_checks')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
    async isVerified(userId: string, q: Db = db): Promise<boolean> {
      const r = await q
        .selectFrom('identity_checks')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', '=', 'approved')
        .limit(1)
        .executeTakeFirst();
      return r !== undefined;
    },
    insertCheck: (row: Omit<DB['identity_checks'], 'id'>) =>
      db.insertInto('identity_checks').values(row).returning('id').executeTakeFirstOrThrow(),
    /** An event once (its id is the key): false when it was seen before. */
    async recordEvent(trx: Db, row: DB['identity_events']): Promise<boolean> {
      const r = await trx
        .insertInto('identity_events')
        .values(row)
        .onConflict((oc) => oc.column('event_id').doNothing())
        .returning('event_id')
        .executeTakeFirst();
      return r !== undefined;
    },
    /** A check under way moves to its outcome; a decided one never moves again. */
    async decideCheck(trx: Db, ref: string, status: string, at: string): Promise<boolean> {
      const r = await trx
        .updateTable('identity_checks')
        .set({ status, updated_at: at })
        .where('provider_ref', '=', ref)
        .where('status', 'in', ['pending', 'needs_review'])
        .where('status', '!=', status)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    checkByRef: (ref: string, q: Db = db) =>
      q.selectFrom('identity_checks').selectAll().where('provider_ref', '=', ref).executeTakeFirst(),

    /** Whether the member has a problem report open (Instant Book waits until it is decided). */
    async hasOpenReport(userId: string): Promise<boolean> {
      const r = await db
        .selectFrom('problem_reports')
        .select('id')
        .where('renter_id', '=', userId)
        .where('status', 'in', ['open', 'disputed'])
        .limit(1)
        .executeTakeFirst();
      return r !== undefined;
    },
    /** The average of the ratings lenders gave her, and how many (null: none yet). */
    async renterRating(userId: string): Promise<{ avg: number; count: number } | null> {
      const r = await db
        .selectFrom('rental_ratings')
        .select((eb) => [eb.fn.avg<number>('stars').as('avg'), eb.fn.countAll<number>().as('n')])
        .where('subject_id', '=', userId)
        .where('side', '=', 'lender')
        .executeTakeFirst();
      return r && Number(r.n) > 0 ? { avg: Number(r.avg), count: Number(r.n) } : null;
    },
  };
}

export type ProtectionRepository = ReturnType<typeof createProtectionRepository>;
