import { PARCEL_KINDS, PARCEL_STATUSES, TRACKING_STATUSES, type Parcel } from '../../../domain/parcels';
import { unitCode } from '../../../domain/unit-life';
import type { ParcelRow, ParcelsRepository } from './parcels.repository';
import type { CarrierAddress } from './carrier';

const oneOf = <T extends string>(list: readonly T[], v: string | null, fallback: T): T =>
  (list as readonly string[]).includes(v ?? '') ? (v as T) : fallback;

/** An address or studio in one line. */
export function addressLine(a: CarrierAddress | null): string {
  if (!a) return '';
  return [a.name, a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`.trim()].filter((p) => p && p !== ',').join(', ');
}

function parseAddress(json: string | null): CarrierAddress | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as CarrierAddress | null;
  } catch {
    return null;
  }
}

/** Parcels with their pieces and tracking events, as the desk and the member see them. */
export async function toParcels(repo: ParcelsRepository, rows: ParcelRow[]): Promise<Parcel[]> {
  const ids = rows.map((r) => r.id);
  const sendoffIds = rows.filter((r) => r.sendoff_id !== null).map((r) => r.id);
  const [pieces, events, sendoffPieces] = await Promise.all([
    repo.piecesOf(ids),
    repo.eventsOf(ids),
    repo.sendoffPiecesOf(sendoffIds),
  ]);
  return rows.map((r) => ({
    id: r.id,
    kind: oneOf(PARCEL_KINDS, r.kind, 'outbound'),
    status: oneOf(PARCEL_STATUSES, r.status, 'open'),
    handoff: r.handoff === 'studio' ? 'studio' : 'carrier',
    shipDay: r.ship_day,
    destination: addressLine(parseAddress(r.to_json)),
    member: { name: r.member_name, email: r.member_email },
    carrier: r.carrier,
    trackingNumber: r.tracking_number,
    trackingStatus: r.tracking_status ? oneOf(TRACKING_STATUSES, r.tracking_status, 'label_created') : null,
    firstScanAt: r.first_scan_at,
    deliveredAt: r.delivered_at,
    pieces: [
      ...pieces
        .filter((p) => p.parcel_id === r.id && p.cancelled_at === null)
        .map((p) => ({ ...p, rental_id: p.rental_id as number | null, sendoff_id: null })),
      ...sendoffPieces.filter((p) => p.parcel_id === r.id).map((p) => ({ ...p, rental_id: null })),
    ].map((p) => ({
      rentalId: p.rental_id,
      sendoffId: p.sendoff_id,
      itemId: p.item_id,
      itemName: p.item_name,
      brand: p.brand,
      size: p.size,
      unitCode: unitCode(p.unit_id),
      dispatched: p.dispatched_at !== null,
    })),
    events: events
      .filter((e) => e.parcel_id === r.id)
      .map((e) => ({
        status: oneOf(TRACKING_STATUSES, e.status, 'label_created'),
        occurredAt: e.occurred_at,
        description: e.description,
      })),
  }));
}
