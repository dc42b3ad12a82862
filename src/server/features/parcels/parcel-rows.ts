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

/** A parcel's row with its member's name and email. */
export const parcelCols = (q: Db) =>
  q
    .selectFrom('parcels')
    .innerJoin('user', 'user.id', 'parcels.user_id')
    .selectAll('parcels')
    .select(['user.name as member_name', 'user.email as member_email']);
