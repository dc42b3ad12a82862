import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { dispatchedParcelRow, parcelCols, type NewParcel } from './parcel-rows';

type Db = Kysely<DB>;

/**
 * Parcels carrying a sendoff (a piece leaving for good: a sold pre-loved piece, a kept piece sent
 * to her; decisions 0061 and 0066): `parcels.sendoff_id`, one parcel per sendoff. Part of the
 * parcels repository (spread into it).
 */
export function createSendoffParcelsRepository(db: Db) {
  return {
    /**
     * The parcel carrying a sendoff (a piece leaving for good), made dispatched: the one there is,
     * or a new one. The partial unique index on `sendoff_id` decides between two at once (the
     * second insert does nothing, waiting on PostgreSQL for the first to commit, and reads its row).
     */
    async sendoffParcel(trx: Db, p: NewParcel & { sendoffId: number; by: string }): Promise<number> {
      await trx
        .insertInto('parcels')
        .values({
          ...dispatchedParcelRow(p, p.by),
          sendoff_id: p.sendoffId,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const row = await trx
        .selectFrom('parcels')
        .select('id')
        .where('sendoff_id', '=', p.sendoffId)
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The parcels of these sendoffs (the desk's list of pieces leaving for good). */
    ofSendoffs: (sendoffIds: number[]) =>
      sendoffIds.length === 0
        ? Promise.resolve([])
        : parcelCols(db).where('parcels.sendoff_id', 'in', sendoffIds).execute(),

    /**
     * The piece a sendoff parcel carries (its sendoff's unit). Reads `sendoffs` (the pre-loved
     * sale's table) as `piecesOf` reads rentals: to show what is in the parcel.
     */
    sendoffPiecesOf(parcelIds: number[]) {
      if (parcelIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('parcels')
        .innerJoin('sendoffs', 'sendoffs.id', 'parcels.sendoff_id')
        .innerJoin('item_units', 'item_units.id', 'sendoffs.unit_id')
        .innerJoin('items', 'items.id', 'item_units.item_id')
        .select([
          'parcels.id as parcel_id',
          'sendoffs.id as sendoff_id',
          'item_units.item_id',
          'sendoffs.unit_id',
          'item_units.size',
          'sendoffs.dispatched_at',
          'items.name as item_name',
          'items.brand',
        ])
        .where('parcels.id', 'in', parcelIds)
        .execute();
    },

    /**
     * A member's sendoff parcels on her order: a pre-loved piece bought on it, or a kept piece
     * (one of these rentals) sent back to her.
     */
    forOrderSendoffs: (userId: string, orderNumber: string | null, rentalIds: number[]) =>
      parcelCols(db)
        .where('parcels.user_id', '=', userId)
        .where('parcels.sendoff_id', 'in', (eb) =>
          eb
            .selectFrom('sendoffs')
            .leftJoin('orders', 'orders.id', 'sendoffs.order_id')
            .select('sendoffs.id')
            .where((w) =>
              w.or([
                w('orders.number', '=', orderNumber ?? ''),
                ...(rentalIds.length
                  ? [w.and([w('sendoffs.reason', '=', 'kept'), w('sendoffs.ref_id', 'in', rentalIds)])]
                  : []),
              ]),
            ),
        )
        .orderBy('parcels.id')
        .execute(),
  };
}
