import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { CarrierAddress } from './carrier';
import type { ParcelRow, ParcelsRepository } from './parcels.repository';

type Db = Kysely<DB>;

/** What her listing and the desk show of a managed piece's parcel. */
export interface ManagedParcelTracking {
  parcelId: number;
  carrier: string | null;
  trackingNumber: string | null;
  trackingStatus: string | null;
  deliveredAt: string | null;
}

const trackingOf = (r: ParcelRow): ManagedParcelTracking => ({
  parcelId: r.id,
  carrier: r.carrier,
  trackingNumber: r.tracking_number,
  trackingStatus: r.tracking_status,
  deliveredAt: r.delivered_at,
});

/**
 * A managed piece's trips by carrier (decision 0062): collected from her address in an
 * inbound_pickup parcel, sent back to her in a back_to_lender parcel. Each parcel is made in the
 * managed feature's transaction (one per intake or recall, whoever asks at once) and its label is
 * bought after the commit (`label`, idempotent by the parcel); a label that failed is asked again
 * the next time her listing or the desk's list is read.
 */
export function createManagedParcels(deps: {
  repo: ParcelsRepository;
  house: CarrierAddress;
  today: () => string;
  label: (parcelId: number) => Promise<void>;
}) {
  const { repo, house, today, label } = deps;

  /** The tracking of these parcels by intake or recall id; labels missing are asked for again first. */
  async function tracked(rows: ParcelRow[], key: (r: ParcelRow) => number | null) {
    const missing = rows.filter((r) => r.handoff === 'carrier' && !r.tracking_number);
    if (missing.length) {
      for (const r of missing) await label(r.id);
      const again = new Map((await repo.ofIds(missing.map((r) => r.id))).map((r) => [r.id, r]));
      rows = rows.map((r) => again.get(r.id) ?? r);
    }
    return new Map(rows.map((r) => [key(r)!, trackingOf(r)]));
  }

  return {
    /** The inbound_pickup parcel collecting her piece from `from` (her address), made in `trx`. */
    pickupParcel: (trx: Db, p: { intakeId: number; userId: string; from: CarrierAddress; at: string }) =>
      repo.managedParcel(trx, {
        userId: p.userId,
        kind: 'inbound_pickup',
        destinationKey: `intake:${p.intakeId}`,
        shipDay: today(),
        handoff: 'carrier',
        from: p.from,
        to: house,
        at: p.at,
        by: p.userId,
        intakeId: p.intakeId,
      }),

    /** The back_to_lender parcel taking her piece back to `to` (her address), made in `trx`. */
    backToLenderParcel: (trx: Db, p: { recallId: number; userId: string; to: CarrierAddress; at: string }) =>
      repo.managedParcel(trx, {
        userId: p.userId,
        kind: 'back_to_lender',
        destinationKey: `recall:${p.recallId}`,
        shipDay: today(),
        handoff: 'carrier',
        from: house,
        to: p.to,
        at: p.at,
        by: p.userId,
        recallId: p.recallId,
      }),

    /** Her pickups' parcels, by intake id (labels that failed asked for again). */
    ofIntakes: async (intakeIds: number[]) => tracked(await repo.ofIntakes(intakeIds), (r) => r.intake_id),

    /** The recall's carrier parcel whose label is missing (a failed request), or null. */
    async recallLabelMissing(recallId: number): Promise<number | null> {
      const [r] = await repo.ofRecalls([recallId]);
      return r && r.handoff === 'carrier' && !r.tracking_number ? r.id : null;
    },

    /** Her recalls' parcels, by recall id (labels that failed asked for again). */
    ofRecalls: async (recallIds: number[]) => tracked(await repo.ofRecalls(recallIds), (r) => r.recall_id),
  };
}
