import type { Insertable, Kysely } from 'kysely';
import type { DB, MemberIntakesTable, MemberRecallsTable } from '../../db/schema';

type Db = Kysely<DB>;

/** Intakes still open (one per piece: the partial unique index member_intakes_one_open). */
export const OPEN_INTAKE = ['booked', 'received', 'checked'] as const;

/**
 * The only code that touches member_intakes, member_recalls, lender_credits and lender_settings
 * (decision 0062), and the managed piece's lending mode and status moves. Rentals and units are
 * only read here: the bookings core writes them.
 */
export function createManagedRepository(db: Db) {
  return {
    /** A member's piece with its listing's lending mode (any status). */
    piece(itemId: number, q: Db = db) {
      return q
        .selectFrom('items')
        .innerJoin('listings', 'listings.item_id', 'items.id')
        .leftJoin('user', 'user.id', 'items.owner_id')
        .select([
          'items.id',
          'items.name',
          'items.owner_id',
          'items.status',
          'items.tags',
          'listings.lending_mode',
          'user.name as owner_name',
          'user.email as owner_email',
        ])
        .where('items.id', '=', itemId)
        .executeTakeFirst();
    },

    /** Her managed pieces (not removed), newest first. */
    piecesOf(ownerId: string) {
      return db
        .selectFrom('items')
        .innerJoin('listings', 'listings.item_id', 'items.id')
        .select(['items.id', 'items.name', 'items.status'])
        .where('items.owner_id', '=', ownerId)
        .where('listings.lending_mode', '=', 'managed')
        .where('items.status', '!=', 'removed')
        .orderBy('items.id', 'desc')
        .execute();
    },

    /** Sets the lending mode, and the catalogue's 'managed' tag with it (the item page books it at once). */
    async setMode(trx: Db, itemId: number, mode: 'managed' | 'self', tags: string): Promise<void> {
      await trx.updateTable('listings').set({ lending_mode: mode }).where('item_id', '=', itemId).execute();
      const rest = tags.split(',').filter((t) => t && t !== 'managed');
      const next = mode === 'managed' ? [...rest, 'managed'] : rest;
      await trx
        .updateTable('items')
        .set({ tags: next.join(',') })
        .where('id', '=', itemId)
        .execute();
    },

    /** Moves the item's status only from one of `from`: of two moves at once, one changes the row. */
    async moveItem(trx: Db, itemId: number, from: readonly string[], to: string): Promise<boolean> {
      const res = await trx
        .updateTable('items')
        .set({ status: to })
        .where('id', '=', itemId)
        .where('status', 'in', [...from])
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    latestIntake(itemId: number, q: Db = db) {
      return q
        .selectFrom('member_intakes')
        .selectAll()
        .where('item_id', '=', itemId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    intake(id: number, q: Db = db) {
      return q.selectFrom('member_intakes').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insertIntake(trx: Db, row: Insertable<MemberIntakesTable>): Promise<number> {
      const { id } = await trx.insertInto('member_intakes').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },

    /** The intake's next step, only from `from` (conditional: a step is taken once). */
    async moveIntake(
      trx: Db,
      id: number,
      from: string,
      set: Partial<
        Pick<
          MemberIntakesTable,
          | 'status'
          | 'condition_note'
          | 'reject_reason'
          | 'received_at'
          | 'checked_at'
          | 'live_at'
          | 'label_status'
          | 'term_ends_on'
        >
      > & { updated_at: string },
    ): Promise<boolean> {
      const res = await trx
        .updateTable('member_intakes')
        .set(set)
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    latestRecall(itemId: number, q: Db = db) {
      return q
        .selectFrom('member_recalls')
        .selectAll()
        .where('item_id', '=', itemId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    recall(id: number, q: Db = db) {
      return q.selectFrom('member_recalls').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insertRecall(trx: Db, row: Insertable<MemberRecallsTable>): Promise<number> {
      const { id } = await trx.insertInto('member_recalls').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },

    async markRecallSent(trx: Db, id: number, at: string): Promise<boolean> {
      const res = await trx
        .updateTable('member_recalls')
        .set({ status: 'sent', sent_at: at })
        .where('id', '=', id)
        .where('status', '=', 'waiting')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** The last day a rental not yet checked in (nor cancelled) holds the piece, or null. */
    async bookedUntil(itemId: number, q: Db = db): Promise<string | null> {
      const row = await q
        .selectFrom('rentals')
        .select((eb) => eb.fn.max('end_date').as('until'))
        .where('item_id', '=', itemId)
        .where('checked_in_at', 'is', null)
        .where('cancelled_at', 'is', null)
        .where('kept_at', 'is', null)
        .executeTakeFirst();
      return (row?.until as string | null | undefined) ?? null;
    },

    /** Whether every unit of the piece is on the shelf (back, checked in and cleaned). */
    async allUnitsOnShelf(itemId: number, q: Db = db): Promise<boolean> {
      const away = await q
        .selectFrom('item_units')
        .innerJoin('unit_states', 'unit_states.unit_id', 'item_units.id')
        .select('item_units.id')
        .where('item_units.item_id', '=', itemId)
        .where('unit_states.state', 'not in', ['available', 'retired'])
        .limit(1)
        .executeTakeFirst();
      return !away;
    },

    /** Her share of a managed rental, written when it is booked: once per rental (the unique key). */
    async insertCredit(
      trx: Db,
      row: { lenderId: string; rentalId: number; itemId: number; amountCents: number; at: string },
    ): Promise<void> {
      await trx
        .insertInto('lender_credits')
        .values({
          idempotency_key: `managed-share:rental:${row.rentalId}`,
          lender_id: row.lenderId,
          rental_id: row.rentalId,
          item_id: row.itemId,
          amount_cents: row.amountCents,
          created_at: row.at,
          credited_at: null,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
    },

    /** Credits the rental's share once (conditional update); the row when this call credited it. */
    async credit(trx: Db, rentalId: number, at: string) {
      return trx
        .updateTable('lender_credits')
        .set({ credited_at: at })
        .where('idempotency_key', '=', `managed-share:rental:${rentalId}`)
        .where('credited_at', 'is', null)
        .returning(['lender_id', 'item_id', 'amount_cents'])
        .executeTakeFirst();
    },

    creditOf(rentalId: number, q: Db = db) {
      return q
        .selectFrom('lender_credits')
        .selectAll()
        .where('idempotency_key', '=', `managed-share:rental:${rentalId}`)
        .executeTakeFirst();
    },

    creditsOf(lenderId: string) {
      return db
        .selectFrom('lender_credits')
        .select(['rental_id', 'amount_cents', 'credited_at'])
        .where('lender_id', '=', lenderId)
        .execute();
    },

    settings(userId: string) {
      return db.selectFrom('lender_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    async saveSettings(userId: string, travellingUntil: string | null, at: string): Promise<void> {
      await db
        .insertInto('lender_settings')
        .values({ user_id: userId, travelling_until: travellingUntil, updated_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ travelling_until: travellingUntil, updated_at: at }))
        .execute();
    },

    /** The desk's incoming list: intakes not live nor rejected, by day. */
    incoming() {
      return db
        .selectFrom('member_intakes')
        .innerJoin('items', 'items.id', 'member_intakes.item_id')
        .leftJoin('user', 'user.id', 'member_intakes.owner_id')
        .selectAll('member_intakes')
        .select(['items.name as item_name', 'user.name as owner_name', 'user.email as owner_email'])
        .where('member_intakes.status', 'in', [...OPEN_INTAKE])
        .orderBy('member_intakes.day')
        .orderBy('member_intakes.id')
        .execute();
    },

    /** Member pieces in our care (live or recalled, not yet sent back), with their owner. */
    stored() {
      return db
        .selectFrom('items')
        .innerJoin('listings', 'listings.item_id', 'items.id')
        .leftJoin('user', 'user.id', 'items.owner_id')
        .select([
          'items.id',
          'items.name',
          'user.name as owner_name',
          'user.email as owner_email',
          (eb) =>
            eb
              .selectFrom('member_intakes')
              .select('member_intakes.live_at')
              .whereRef('member_intakes.item_id', '=', 'items.id')
              .where('member_intakes.status', '=', 'live')
              .orderBy('member_intakes.id', 'desc')
              .limit(1)
              .as('live_at'),
          (eb) =>
            eb
              .selectFrom('member_intakes')
              .select('member_intakes.term_ends_on')
              .whereRef('member_intakes.item_id', '=', 'items.id')
              .where('member_intakes.status', '=', 'live')
              .orderBy('member_intakes.id', 'desc')
              .limit(1)
              .as('term_ends_on'),
        ])
        .where('listings.lending_mode', '=', 'managed')
        .where('items.status', 'in', ['active', 'recalled'])
        .orderBy('items.id')
        .execute();
    },

    recallsWaiting() {
      return db
        .selectFrom('member_recalls')
        .innerJoin('items', 'items.id', 'member_recalls.item_id')
        .leftJoin('user', 'user.id', 'member_recalls.owner_id')
        .selectAll('member_recalls')
        .select(['items.name as item_name', 'user.name as owner_name'])
        .where('member_recalls.status', '=', 'waiting')
        .orderBy('member_recalls.day')
        .execute();
    },

    /** Live intakes of managed pieces in the catalogue whose storage term has not ended (decision 0070). */
    liveTerms() {
      return db
        .selectFrom('member_intakes')
        .innerJoin('items', 'items.id', 'member_intakes.item_id')
        .selectAll('member_intakes')
        .select('items.name as item_name')
        .where('member_intakes.status', '=', 'live')
        .where('member_intakes.term_ended_at', 'is', null)
        .where('items.status', '=', 'active')
        .orderBy('member_intakes.id')
        .execute();
    },

    /** Marks her told that the term ends soon: once per term (conditional update). */
    async remindTerm(trx: Db, intakeId: number, at: string): Promise<boolean> {
      const res = await trx
        .updateTable('member_intakes')
        .set({ term_reminded_at: at })
        .where('id', '=', intakeId)
        .where('term_reminded_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** The term ended: once per intake (conditional update). */
    async endTerm(trx: Db, intakeId: number, at: string): Promise<boolean> {
      const res = await trx
        .updateTable('member_intakes')
        .set({ term_ended_at: at, updated_at: at })
        .where('id', '=', intakeId)
        .where('term_ended_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Moves the term's end on, only from the end read (two renewals at once: one moves it), and she may be told again. */
    async renewTerm(trx: Db, intakeId: number, from: string | null, to: string, at: string): Promise<boolean> {
      const res = await trx
        .updateTable('member_intakes')
        .set({ term_ends_on: to, term_reminded_at: null, updated_at: at })
        .where('id', '=', intakeId)
        .where('term_ended_at', 'is', null)
        .where((eb) => (from === null ? eb('term_ends_on', 'is', null) : eb('term_ends_on', '=', from)))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    photoNames(itemId: number) {
      return db
        .selectFrom('listing_photos')
        .select(['position', 'file_name'])
        .where('item_id', '=', itemId)
        .orderBy('position')
        .execute();
    },
  };
}

export type ManagedRepository = ReturnType<typeof createManagedRepository>;
export type IntakeRow = NonNullable<Awaited<ReturnType<ManagedRepository['intake']>>>;
export type RecallRow = NonNullable<Awaited<ReturnType<ManagedRepository['recall']>>>;
