import type { Kysely } from 'kysely';
import type { ParcelKind } from '../../../domain/parcels';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

export interface NewParcel {
  userId: string;
  kind: ParcelKind;
  destinationKey: string;
  shipDay: string;
  handoff: 'carrier' | 'studio';
  to: unknown;
  from: unknown;
  at: string;
}

/** The row of a parcel made dispatched at once (a return, a sendoff, a managed piece's trip), sent by `by`. */
export const dispatchedParcelRow = (p: NewParcel, by: string) => ({
  user_id: p.userId,
  kind: p.kind,
  destination_key: p.destinationKey,
  ship_day: p.shipDay,
  status: 'dispatched',
  handoff: p.handoff,
  to_json: JSON.stringify(p.to),
  from_json: JSON.stringify(p.from),
  created_at: p.at,
  dispatched_at: p.at,
  dispatched_by: by,
});

/** A parcel's row with its member's name and email. */
export const parcelCols = (q: Db) =>
  q
    .selectFrom('parcels')
    .innerJoin('user', 'user.id', 'parcels.user_id')
    .selectAll('parcels')
    .select(['user.name as member_name', 'user.email as member_email']);
