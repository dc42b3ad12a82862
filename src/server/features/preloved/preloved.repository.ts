import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

const PIECE_COLUMNS = [
  'preloved_pieces.id',
  'preloved_pieces.unit_id',
  'preloved_pieces.item_id',
  'preloved_pieces.price_cents',
  'preloved_pieces.condition_note',
  'preloved_pieces.status',
  'preloved_pieces.listed_at',
  'preloved_pieces.lender_id',
  'preloved_pieces.buyer_id',
  'preloved_pieces.order_id',
  'preloved_pieces.entry_id',
  'preloved_pieces.sold_at',
  'preloved_pieces.lender_share_cents',
  'items.name',
  'items.brand',
  'items.retail_price_cents',
  'item_units.size',
  'unit_states.condition',
] as const;

/*
 * The pre-loved sale's tables (decision 0066): `preloved_pieces` and `sendoffs`. Every change is
 * one conditional update or a unique insert, so two at once never both succeed.
 */
export function createPreLovedRepository(db: Db) {
  const pieces = (q: Db) =>
    q
      .selectFrom('preloved_pieces')
      .innerJoin('items', 'items.id', 'preloved_pieces.item_id')
      .innerJoin('item_units', 'item_units.id', 'preloved_pieces.unit_id')
      .leftJoin('unit_states', 'unit_states.unit_id', 'preloved_pieces.unit_id')
      .select(PIECE_COLUMNS);

  return {
    listed: () =>
      pieces(db)
        .where('preloved_pieces.status', '=', 'listed')
        .orderBy('preloved_pieces.listed_at', 'desc')
        .orderBy('preloved_pieces.id', 'desc')
        .limit(200)
        .execute(),

    find: (id: number, q: Db = db) => pieces(q).where('preloved_pieces.id', '=', id).executeTakeFirst(),

    /** The unit's live offer (not withdrawn), if any. */
    liveForUnit: (unitId: number, q: Db = db) =>
      pieces(q)
        .where('preloved_pieces.unit_id', '=', unitId)
        .where('preloved_pieces.status', '!=', 'withdrawn')
        .executeTakeFirst(),

    async insert(
      trx: Db,
      v: {
        unitId: number;
        itemId: number;
        priceCents: number;
        note: string;
        by: string;
        at: string;
        lenderId: string | null;
      },
    ): Promise<number> {
      const row = await trx
        .insertInto('preloved_pieces')
        .values({
          unit_id: v.unitId,
          item_id: v.itemId,
          price_cents: v.priceCents,
          condition_note: v.note,
          status: 'listed',
          listed_by: v.by,
          listed_at: v.at,
          lender_id: v.lenderId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The purchase: listed -> reserved for her, once (of twenty at once, one changes the row). */
    async reserve(trx: Db, id: number, buyerId: string, orderId: number): Promise<boolean> {
      const res = await trx
        .updateTable('preloved_pieces')
        .set({ status: 'reserved', buyer_id: buyerId, order_id: orderId })
        .where('id', '=', id)
        .where('status', '=', 'listed')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async setEntry(trx: Db, id: number, entryId: number): Promise<void> {
      await trx.updateTable('preloved_pieces').set({ entry_id: entryId }).where('id', '=', id).execute();
    },

    /** Her card was declined: back in the sale, once. */
    async unreserve(trx: Db, id: number, entryId: number): Promise<boolean> {
      const res = await trx
        .updateTable('preloved_pieces')
        .set({ status: 'listed', buyer_id: null, order_id: null, entry_id: null })
        .where('id', '=', id)
        .where('status', '=', 'reserved')
        .where('entry_id', '=', entryId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async markSold(trx: Db, id: number, entryId: number, at: string, shareCents: number | null): Promise<boolean> {
      const res = await trx
        .updateTable('preloved_pieces')
        .set({ status: 'sold', sold_at: at, lender_share_cents: shareCents })
        .where('id', '=', id)
        .where('status', '=', 'reserved')
        .where('entry_id', '=', entryId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** A lender's sold pieces with her share: her statement's "Sale of ..." lines (source `sale:<id>`). */
    lenderSales: (lenderId: string) =>
      pieces(db)
        .where('preloved_pieces.lender_id', '=', lenderId)
        .where('preloved_pieces.status', '=', 'sold')
        .orderBy('preloved_pieces.sold_at')
        .execute(),

    /** Her pre-loved pieces on these orders (her orders and receipts). */
    boughtOn: (orderIds: number[]) =>
      orderIds.length === 0
        ? Promise.resolve([])
        : pieces(db)
            .where('preloved_pieces.order_id', 'in', orderIds)
            .where('preloved_pieces.status', 'in', ['reserved', 'sold'])
            .execute(),

    /** A piece leaving for good (once per reason and ref: the unique key decides). */
    async insertSendoff(
      trx: Db,
      v: {
        unitId: number;
        userId: string;
        reason: 'preloved' | 'kept';
        refId: number;
        orderId: number | null;
        at: string;
        dispatched?: { by: string } | undefined;
      },
    ): Promise<number | null> {
      const row = await trx
        .insertInto('sendoffs')
        .values({
          unit_id: v.unitId,
          user_id: v.userId,
          reason: v.reason,
          ref_id: v.refId,
          order_id: v.orderId,
          created_at: v.at,
          dispatched_at: v.dispatched ? v.at : null,
          dispatched_by: v.dispatched?.by ?? null,
        })
        .onConflict((oc) => oc.columns(['reason', 'ref_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    async dispatchSendoff(trx: Db, id: number, by: string, at: string): Promise<boolean> {
      const res = await trx
        .updateTable('sendoffs')
        .set({ dispatched_at: at, dispatched_by: by })
        .where('id', '=', id)
        .where('dispatched_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** A unit of her listing in that size that is not retired (her shelf), or null. */
    async lenderUnit(ownerId: string, itemId: number, size: string): Promise<number | null> {
      const row = await db
        .selectFrom('item_units')
        .innerJoin('items', 'items.id', 'item_units.item_id')
        .leftJoin('unit_states', 'unit_states.unit_id', 'item_units.id')
        .select('item_units.id')
        .where('items.id', '=', itemId)
        .where('items.owner_id', '=', ownerId)
        .where('item_units.size', '=', size)
        .where((eb) => eb.or([eb('unit_states.state', 'is', null), eb('unit_states.state', '!=', 'retired')]))
        .orderBy('item_units.id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    sendoff: (reason: 'preloved' | 'kept', refId: number, q: Db = db) =>
      q.selectFrom('sendoffs').selectAll().where('reason', '=', reason).where('ref_id', '=', refId).executeTakeFirst(),

    /** The desk's list: waiting first (oldest first), then those sent in the last days. */
    sendoffs: (sentSince: string) =>
      db
        .selectFrom('sendoffs')
        .innerJoin('item_units', 'item_units.id', 'sendoffs.unit_id')
        .innerJoin('items', 'items.id', 'item_units.item_id')
        .innerJoin('user', 'user.id', 'sendoffs.user_id')
        .leftJoin('user as lender', 'lender.id', 'items.owner_id')
        .leftJoin('orders', 'orders.id', 'sendoffs.order_id')
        .select([
          'sendoffs.id',
          'sendoffs.reason',
          'sendoffs.unit_id',
          'sendoffs.created_at',
          'sendoffs.dispatched_at',
          'items.name as item_name',
          'items.brand',
          'item_units.size',
          'user.name as member_name',
          'user.email',
          'lender.name as lender_name',
          'orders.number as order_number',
          'orders.recipient_name',
          'orders.address_line1',
          'orders.address_line2',
          'orders.address_city',
          'orders.address_state',
          'orders.address_zip',
        ])
        .where((eb) => eb.or([eb('sendoffs.dispatched_at', 'is', null), eb('sendoffs.dispatched_at', '>=', sentSince)]))
        .orderBy('sendoffs.id')
        .limit(200)
        .execute(),
  };
}

export type PreLovedRepository = ReturnType<typeof createPreLovedRepository>;
export type PieceRow = NonNullable<Awaited<ReturnType<PreLovedRepository['find']>>>;
