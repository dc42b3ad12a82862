import { sql, type Kysely } from 'kysely';

/**
 * A managed piece's trips by carrier travel as parcels (decisions 0061 and 0062).
 *
 * - `parcels.intake_id`: the pickup at her address (`member_intakes`) this `inbound_pickup`
 *   parcel collects.
 * - `parcels.recall_id`: the recall sent back by parcel (`member_recalls`) this `back_to_lender`
 *   parcel carries.
 *
 * A parcel carries rentals (`parcel_pieces`), a sendoff, an intake or a recall, not two of them.
 * The partial unique indexes keep one parcel per intake and per recall: two requests at once
 * make one parcel, and so one label.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('parcels').addColumn('intake_id', 'integer').execute();
  await db.schema.alterTable('parcels').addColumn('recall_id', 'integer').execute();
  await sql`create unique index if not exists parcels_one_per_intake on parcels (intake_id) where intake_id is not null`.execute(
    db,
  );
  await sql`create unique index if not exists parcels_one_per_recall on parcels (recall_id) where recall_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists parcels_one_per_recall`.execute(db);
  await sql`drop index if exists parcels_one_per_intake`.execute(db);
  await db.schema.alterTable('parcels').dropColumn('recall_id').execute();
  await db.schema.alterTable('parcels').dropColumn('intake_id').execute();
}
