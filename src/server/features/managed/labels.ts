import type { Kysely } from 'kysely';
import type { ManagedParcel } from '../../../domain/managed-lending';
import type { DB } from '../../db/schema';
import type { CarrierAddress, ParcelsService } from '../parcels';

/*
 * The one place a managed piece's trips by carrier are asked for (decisions 0061 and 0062): her
 * pickup at her address is an inbound_pickup parcel, a recall sent back by parcel a
 * back_to_lender parcel. The parcel is made in the caller's transaction (one per intake or
 * recall: the parcels' unique indexes) and the intake or recall records "label pending"; the
 * label is bought after the commit (`buyLabel`, idempotent by the parcel), and a label that
 * failed is asked again when her listing or the desk's list is read. A studio has no label.
 */

/** Her address as the carrier reads it: she typed it in one field, so it is the label's first line. */
async function lenderAddress(trx: Kysely<DB>, ownerId: string, address: string | null): Promise<CarrierAddress> {
  const user = await trx.selectFrom('user').select('name').where('id', '=', ownerId).executeTakeFirst();
  return { name: user?.name ?? 'Rentique lender', line1: address ?? '', city: '', state: '', zip: '', country: 'US' };
}

/** The pickup at her address: its inbound_pickup parcel (label pending). Returns the parcel's id. */
export async function requestInboundLabel(
  trx: Kysely<DB>,
  parcels: ParcelsService,
  intake: { id: number; owner_id: string; address: string | null },
  at: string,
): Promise<number> {
  await trx.updateTable('member_intakes').set({ label_status: 'pending' }).where('id', '=', intake.id).execute();
  const from = await lenderAddress(trx, intake.owner_id, intake.address);
  return parcels.managed.pickupParcel(trx, { intakeId: intake.id, userId: intake.owner_id, from, at });
}

/** A recall to go back by parcel: "label pending" until the desk sends it (`returnParcel`). */
export async function requestReturnLabel(trx: Kysely<DB>, recallId: number): Promise<'pending'> {
  await trx.updateTable('member_recalls').set({ label_status: 'pending' }).where('id', '=', recallId).execute();
  return 'pending';
}

/** The desk sends a recall back by parcel: its back_to_lender parcel. Returns the parcel's id. */
export async function returnParcel(
  trx: Kysely<DB>,
  parcels: ParcelsService,
  recall: { id: number; owner_id: string; address: string | null },
  at: string,
): Promise<number> {
  const to = await lenderAddress(trx, recall.owner_id, recall.address);
  return parcels.managed.backToLenderParcel(trx, { recallId: recall.id, userId: recall.owner_id, to, at });
}

/** Buys the parcel's label after the commit (never throws: a failure is asked again on the next read). */
export const buyLabel = (parcels: ParcelsService, parcelId: number) => parcels.label(parcelId);

/** What her listing and the desk show of a parcel, and the label's status from it. */
export function labelOf(
  stored: string,
  p:
    | {
        carrier: string | null;
        trackingNumber: string | null;
        trackingStatus: string | null;
        deliveredAt: string | null;
      }
    | undefined,
): { labelStatus: string; parcel: ManagedParcel | null } {
  if (!p) return { labelStatus: stored, parcel: null };
  const { carrier, trackingNumber, trackingStatus, deliveredAt } = p;
  return {
    labelStatus: trackingNumber ? 'made' : stored,
    parcel: { carrier, trackingNumber, trackingStatus, deliveredAt },
  };
}
