import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/*
 * The one place a carrier's label would be asked for (decision 0062). The parcels feature (its
 * Carrier interface) is being built beside this one; until it is wired here these record
 * "label pending" on the intake or recall, and nothing else calls a carrier.
 * TODO(parcels): ask the carrier for the label here and store its parcel's id.
 */

/** The inbound label of a pickup at her address: recorded as pending until the carrier is wired. */
export async function requestInboundLabel(trx: Kysely<DB>, intakeId: number): Promise<'pending'> {
  await trx.updateTable('member_intakes').set({ label_status: 'pending' }).where('id', '=', intakeId).execute();
  return 'pending';
}

/** The outbound label of a piece going back to her by parcel: recorded as pending until the carrier is wired. */
export async function requestReturnLabel(trx: Kysely<DB>, recallId: number): Promise<'pending'> {
  await trx.updateTable('member_recalls').set({ label_status: 'pending' }).where('id', '=', recallId).execute();
  return 'pending';
}
