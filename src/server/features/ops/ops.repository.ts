import { sql, type Kysely } from 'kysely';
import { OUT_STATES } from '../../../domain/unit-life';
import type { DB } from '../../db/schema';
import { deskQuery } from '../bookings';

type Db = Kysely<DB>;

const REVIEW_COLUMNS = [
  'items.id',
  'items.name',
  'items.brand',
  'items.category',
  'items.gender',
  'items.sizes',
  'items.description',
  'items.retail_price_cents',
  'items.rental_price_cents',
  'items.status',
  'items.owner_id',
  'items.created_at',
  'listings.handover',
  'listings.lending_mode',
  'listings.review_reason',
  'listings.reviewed_at',
  'listings.submitted_at',
  'listings.review_round',
  'user.email as owner_email',
  'user.name as owner_name',
] as const;

/** The desk's reads and the review's writes (the only code of the desk that touches Kysely). */
export function createOpsRepository(db: Db) {
  const review = (q: Db) =>
    q
      .selectFrom('items')
      .innerJoin('listings', 'listings.item_id', 'items.id')
      .innerJoin('user', 'user.id', 'items.owner_id')
      .select(REVIEW_COLUMNS);

  const desk = () => deskQuery(db);

  return {
    /** Members' listings in a review state (oldest submission first: first come, first reviewed). */
    reviewQueue(itemStatuses: string[]) {
      return review(db)
        .where('items.status', 'in', itemStatuses)
        .orderBy('listings.submitted_at')
        .orderBy('items.id')
        .limit(200)
        .execute();
    },

    async pendingCount(): Promise<number> {
      const row = await db
        .selectFrom('items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'pending_review')
        .where('owner_id', 'is not', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    findForReview(itemId: number, q: Db = db) {
      return review(q).where('items.id', '=', itemId).where('items.status', '!=', 'removed').executeTakeFirst();
    },

    /** Takes the listing row's lock (PostgreSQL) so a review and the member's edit take turns. */
    async lockListing(trx: Db, itemId: number): Promise<void> {
      await trx.selectFrom('listings').select('item_id').where('item_id', '=', itemId).forUpdate().execute();
    },

    /**
     * Moves the item from `from` to `to` status; the condition makes it happen once: of two
     * reviews at the same moment one changes the row, the other nothing (false).
     */
    async moveStatus(trx: Db, itemId: number, from: string, to: string): Promise<boolean> {
      const res = await trx
        .updateTable('items')
        .set({ status: to })
        .where('id', '=', itemId)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async recordReview(
      trx: Db,
      itemId: number,
      r: { reviewedAt: string; reviewedBy: string; reason: string | null },
    ): Promise<void> {
      await trx
        .updateTable('listings')
        .set({ reviewed_at: r.reviewedAt, reviewed_by: r.reviewedBy, review_reason: r.reason })
        .where('item_id', '=', itemId)
        .execute();
    },

    rentalsStarting: (today: string) =>
      desk()
        .where('rentals.start_date', '=', today)
        .where('rentals.returned_at', 'is', null)
        .orderBy('rentals.id')
        .execute(),
    rentalsDueBack: (today: string) =>
      desk()
        .where('rentals.end_date', '=', today)
        .where('rentals.returned_at', 'is', null)
        .orderBy('rentals.id')
        .execute(),
    /** Sent out, past their return date, not sent back (a rental never dispatched is not overdue: it never left). */
    rentalsOverdue: (today: string) =>
      desk()
        .where('rentals.end_date', '<', today)
        .where('rentals.returned_at', 'is', null)
        .where('rentals.dispatched_at', 'is not', null)
        .orderBy('rentals.end_date')
        .orderBy('rentals.id')
        .limit(500)
        .execute(),
    /** Sent back from `from` until `until` (instants: today's bounds; a cancelled reservation never left, so it is not one). */
    rentalsReturnedOn: (from: string, until: string) =>
      desk()
        .where('rentals.returned_at', '>=', from)
        .where('rentals.returned_at', '<', until)
        .where('rentals.dispatched_at', 'is not', null)
        .orderBy('rentals.returned_at', 'desc')
        .execute(),
    /**
     * Not dispatched, not cancelled, holding their unit from today or before; a member's piece
     * requested from her is handed over by her (decision 0035). `late`: those whose start day has
     * passed (late to dispatch, docs/product.md "Renting"); else those starting today or later.
     */
    rentalsToDispatch: (today: string, late = false) =>
      desk()
        .where('rentals.dispatched_at', 'is', null)
        .where('rentals.returned_at', 'is', null)
        .where('bookings.start_date', '<=', today)
        .where('rentals.start_date', late ? '<' : '>=', today)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('booking_requests')
                .select('booking_requests.id')
                .whereRef('booking_requests.rental_id', '=', 'rentals.id'),
            ),
          ),
        )
        .orderBy('rentals.start_date')
        .orderBy('rentals.id')
        .limit(500)
        .execute(),
    /** Ready at the studio, not handed over yet. */
    rentalsAwaitingPickup: () =>
      desk()
        .where('rentals.dispatched_at', 'is not', null)
        .where('rentals.received_at', 'is', null)
        .where('rentals.returned_at', 'is', null)
        .where('rentals.pickup_option', '=', 'in-store')
        .orderBy('rentals.start_date')
        .orderBy('rentals.id')
        .limit(500)
        .execute(),
    /** Sent back by the member, not checked in yet. */
    rentalsReturning: () =>
      desk()
        .where('rentals.returned_at', 'is not', null)
        .where('rentals.dispatched_at', 'is not', null)
        .where('rentals.checked_in_at', 'is', null)
        .orderBy('rentals.returned_at')
        .orderBy('rentals.id')
        .limit(500)
        .execute(),
    /** Checked in from `from` until `until` (instants: today's bounds). */
    rentalsCheckedInOn: (from: string, until: string) =>
      desk()
        .where('rentals.checked_in_at', '>=', from)
        .where('rentals.checked_in_at', '<', until)
        // A piece its renter bought (decision 0059) ends its rental without coming back.
        .where('rentals.kept_at', 'is', null)
        .orderBy('rentals.checked_in_at', 'desc')
        .limit(500)
        .execute(),

    /** A page of the catalogue (any status but removed) by id, with a name/brand search. */
    inventoryPage(q: string | undefined, after: number | undefined, limit: number) {
      let query = db
        .selectFrom('items')
        .select(['id', 'name', 'brand', 'category', 'status', 'owner_id', 'rental_price_cents'])
        .where('status', '!=', 'removed');
      if (q) {
        const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) =>
          eb.or([
            eb(sql<string>`lower(name)`, 'like', sql<string>`${pattern} escape '\\'`),
            eb(sql<string>`lower(brand)`, 'like', sql<string>`${pattern} escape '\\'`),
          ]),
        );
      }
      if (after !== undefined) query = query.where('id', '>', after);
      return query
        .orderBy('id')
        .limit(limit + 1)
        .execute();
    },

    /** Units per item and size (retired ones left out). */
    unitCounts(itemIds: number[]) {
      if (itemIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('item_units')
        .leftJoin('unit_states', 'unit_states.unit_id', 'item_units.id')
        .select(['item_units.item_id', 'item_units.size', (eb) => eb.fn.countAll<number>().as('n')])
        .where('item_units.item_id', 'in', itemIds)
        .where((eb) => eb.or([eb('unit_states.state', 'is', null), eb('unit_states.state', '!=', 'retired')]))
        .groupBy(['item_units.item_id', 'item_units.size'])
        .execute();
    },

    /** Units out on a rental (dispatched, with the member, on the way back), per item and size. */
    outCounts(itemIds: number[]) {
      if (itemIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('unit_states')
        .innerJoin('item_units', 'item_units.id', 'unit_states.unit_id')
        .select(['item_units.item_id', 'item_units.size', (eb) => eb.fn.countAll<number>().as('n')])
        .where('item_units.item_id', 'in', itemIds)
        .where('unit_states.state', 'in', [...OUT_STATES])
        .groupBy(['item_units.item_id', 'item_units.size'])
        .execute();
    },

    async inventoryTotals() {
      const [items, units, out] = await Promise.all([
        db
          .selectFrom('items')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '!=', 'removed')
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('item_units')
          .innerJoin('items', 'items.id', 'item_units.item_id')
          .leftJoin('unit_states', 'unit_states.unit_id', 'item_units.id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('items.status', '!=', 'removed')
          .where((eb) => eb.or([eb('unit_states.state', 'is', null), eb('unit_states.state', '!=', 'retired')]))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('unit_states')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('state', 'in', [...OUT_STATES])
          .executeTakeFirstOrThrow(),
      ]);
      return { items: Number(items.n), units: Number(units.n), out: Number(out.n) };
    },
  };
}

export type OpsRepository = ReturnType<typeof createOpsRepository>;
export type ReviewRow = NonNullable<Awaited<ReturnType<OpsRepository['findForReview']>>>;
