import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { dispatchedParcelRow, parcelCols, type NewParcel } from './parcel-rows';

type Db = Kysely<DB>;

/**
 * Parcels of a managed piece's trips (decisions 0061 and 0062): the pickup at her address
 * (`parcels.intake_id`, kind inbound_pickup) and a recall sent back by parcel
 * (`parcels.recall_id`, kind back_to_lender), one parcel each. Part of the parcels repository
 * (spread into it).
 */
export function createManagedParcelsRepository(db: Db) {
  return {
    /**
     * The parcel of an intake or a recall: the one there is, or a new one (dispatched: it needs
     * no packing). The partial unique index decides between two at once (the second insert does
     * nothing, waiting on PostgreSQL for the first to commit, and reads its row).
     */
    async managedParcel(
      trx: Db,
      p: NewParcel & { by: string } & ({ intakeId: number; recallId?: never } | { recallId: number; intakeId?: never }),
    ): Promise<number> {
      await trx
        .insertInto('parcels')
        .values({
          ...dispatchedParcelRow(p, p.by),
          intake_id: p.intakeId ?? null,
          recall_id: p.recallId ?? null,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const q = trx.selectFrom('parcels').select('id');
      const row = await (
        p.intakeId !== undefined ? q.where('intake_id', '=', p.intakeId) : q.where('recall_id', '=', p.recallId!)
      ).executeTakeFirstOrThrow();
      return row.id;
    },

    /** These parcels' rows (read again after their labels were asked for). */
    ofIds: (ids: number[]) =>
      ids.length === 0 ? Promise.resolve([]) : parcelCols(db).where('parcels.id', 'in', ids).execute(),

    /** The parcels of these intakes (her pickups). */
    ofIntakes: (intakeIds: number[]) =>
      intakeIds.length === 0
        ? Promise.resolve([])
        : parcelCols(db).where('parcels.intake_id', 'in', intakeIds).execute(),

    /** The parcels of these recalls (sent back to her by parcel). */
    ofRecalls: (recallIds: number[]) =>
      recallIds.length === 0
        ? Promise.resolve([])
        : parcelCols(db).where('parcels.recall_id', 'in', recallIds).execute(),
  };
}
