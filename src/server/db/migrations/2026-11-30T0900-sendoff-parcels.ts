import { sql, type Kysely } from 'kysely';

/**
 * A piece leaving for good travels as a parcel (issue 30 item 5; decisions 0061 and 0066).
 *
 * - `parcels.sendoff_id`: the desk's dispatch (`sendoffs`) this outbound parcel carries — a sold
 *   pre-loved piece or a kept piece sent back to her. Its one piece is the sendoff's unit (a
 *   parcel holds rentals through `parcel_pieces`, or one sendoff through this column, not both).
 *   The partial unique index keeps one parcel per sendoff: two dispatches at once make one
 *   parcel, and so one label.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('parcels').addColumn('sendoff_id', 'integer').execute();
  await sql`create unique index if not exists parcels_one_per_sendoff on parcels (sendoff_id) where sendoff_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists parcels_one_per_sendoff`.execute(db);
  await db.schema.alterTable('parcels').dropColumn('sendoff_id').execute();
}
