import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

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
  'listings.review_reason',
  'listings.reviewed_at',
  'listings.submitted_at',
  'listings.review_round',
  'user.email as owner_email',
  'user.name as owner_name',
] as const;

const DESK_COLUMNS = [
  'rentals.id as rental_id',
  'rentals.item_id',
  'rentals.size',
  'rentals.start_date',
  'rentals.end_date',
  'rentals.pickup_option',
  'rentals.returned_at',
  'items.name as item_name',
  'items.brand',
  'item_units.unit_no',
  'user.email',
  'user.name as member_name',
  'lender.name as lender_name',
] as const;

/** The desk's reads and the review's writes (the only code of the desk that touches Kysely). */
export function createOpsRepository(db: Db) {
  const review = (q: Db) =>
    q
      .selectFrom('items')
      .innerJoin('listings', 'listings.item_id', 'items.id')
      .innerJoin('user', 'user.id', 'items.owner_id')
      .select(REVIEW_COLUMNS);

  const desk = () =>
    db
      .selectFrom('rentals')
      .innerJoin('items', 'items.id', 'rentals.item_id')
      .innerJoin('item_units', 'item_units.id', 'rentals.unit_id')
      .innerJoin('user', 'user.id', 'rentals.user_id')
      .leftJoin('user as lender', 'lender.id', 'rentals.lender_id')
      .select(DESK_COLUMNS);

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
    async lockListing(trx: Db, itemId: number, postgres: boolean): Promise<void> {
      if (postgres) await trx.selectFrom('listings').select('item_id').where('item_id', '=', itemId).forUpdate().execute();
    },

    /**
     * Moves the item from `from` to `to` status; the condition makes it happen once: of two
     * reviews at the same moment one changes the row, the other nothing (false).
     */
    async moveStatus(trx: Db, itemId: number, from: string, to: string): Promise<boolean> {
      const res = await trx.updateTable('items').set({ status: to }).where('id', '=', itemId).where('status', '=', from).executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async recordReview(trx: Db, itemId: number, r: { reviewedAt: string; reviewedBy: string; reason: string | null }): Promise<void> {
      await trx
        .updateTable('listings')
        .set({ reviewed_at: r.reviewedAt, reviewed_by: r.reviewedBy, review_reason: r.reason })
        .where('item_id', '=', itemId)
        .execute();
    },

    rentalsStarting: (today: string) => desk().where('rentals.start_date', '=', today).where('rentals.returned_at', 'is', null).orderBy('rentals.id').execute(),
    rentalsDueBack: (today: string) => desk().where('rentals.end_date', '=', today).where('rentals.returned_at', 'is', null).orderBy('rentals.id').execute(),
    rentalsOverdue: (today: string) => desk().where('rentals.end_date', '<', today).where('rentals.returned_at', 'is', null).orderBy('rentals.end_date').orderBy('rentals.id').limit(500).execute(),
    rentalsReturnedOn: (today: string, tomorrow: string) =>
      desk().where('rentals.returned_at', '>=', today).where('rentals.returned_at', '<', tomorrow).orderBy('rentals.returned_at', 'desc').execute(),

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
      return query.orderBy('id').limit(limit + 1).execute();
    },

    /** Units per item and size. */
    unitCounts(itemIds: number[]) {
      if (itemIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('item_units')
        .select(['item_id', 'size', (eb) => eb.fn.countAll<number>().as('n')])
        .where('item_id', 'in', itemIds)
        .groupBy(['item_id', 'size'])
        .execute();
    },

    /** Units held by an unreleased booking that covers `today`, per item and size. */
    outCounts(itemIds: number[], today: string) {
      if (itemIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('bookings')
        .innerJoin('item_units', 'item_units.id', 'bookings.unit_id')
        .select(['item_units.item_id', 'item_units.size', (eb) => eb.fn.count<number>('bookings.unit_id').distinct().as('n')])
        .where('item_units.item_id', 'in', itemIds)
        .where('bookings.released_at', 'is', null)
        .where('bookings.start_date', '<=', today)
        .where('bookings.end_date', '>', today)
        .groupBy(['item_units.item_id', 'item_units.size'])
        .execute();
    },

    async inventoryTotals(today: string) {
      const [items, units, out] = await Promise.all([
        db.selectFrom('items').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '!=', 'removed').executeTakeFirstOrThrow(),
        db
          .selectFrom('item_units')
          .innerJoin('items', 'items.id', 'item_units.item_id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('items.status', '!=', 'removed')
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('bookings')
          .select((eb) => eb.fn.count<number>('unit_id').distinct().as('n'))
          .where('released_at', 'is', null)
          .where('start_date', '<=', today)
          .where('end_date', '>', today)
          .executeTakeFirstOrThrow(),
      ]);
      return { items: Number(items.n), units: Number(units.n), out: Number(out.n) };
    },
  };
}

export type OpsRepository = ReturnType<typeof createOpsRepository>;
export type ReviewRow = NonNullable<Awaited<ReturnType<OpsRepository['findForReview']>>>;
export type DeskRow = Awaited<ReturnType<OpsRepository['rentalsStarting']>>[number];
