import { sql, type Kysely } from 'kysely';
import { serialPk } from './dialect';

/**
 * Parcels and the carrier (issue 30 items 1-3; decision 0061).
 *
 * - `parcels`: one trip of one or more pieces. `kind` is outbound (to the member), return (from
 *   her), inbound_pickup (from a lender's address) or back_to_lender. `status` is the desk's
 *   side: open (pieces may still join), packed (closed), dispatched (the label is made or the
 *   parcel is ready at the studio). The partial unique index keeps one open parcel per member,
 *   kind, destination and day: of two bookings at once the database keeps one open parcel and
 *   the second joins it. `tracking_status`/`tracking_rank` are the carrier's side: only a higher
 *   rank replaces a lower one (events arrive out of order). `first_scan_at` is the carrier's
 *   earliest scan (not the label): the late-fee clock of a return parcel stops there.
 * - `parcel_pieces`: the rentals in a parcel; a rental is in one parcel of each kind.
 * - `parcel_events`: the carrier's tracking events, keyed by the carrier's event id (a replayed
 *   webhook inserts nothing).
 * - `rentals.return_scanned_at`: the first carrier scan of the piece's return parcel (written by
 *   the bookings core; check-in counts late days to it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('parcels')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('destination_key', 'text', (c) => c.notNull())
    .addColumn('ship_day', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('handoff', 'text', (c) => c.notNull())
    .addColumn('from_json', 'text')
    .addColumn('to_json', 'text')
    .addColumn('carrier', 'text')
    .addColumn('tracking_number', 'text')
    .addColumn('label_code', 'text')
    .addColumn('tracking_status', 'text')
    .addColumn('tracking_rank', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('tracking_at', 'text')
    .addColumn('first_scan_at', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('packed_at', 'text')
    .addColumn('packed_by', 'text')
    .addColumn('dispatched_at', 'text')
    .addColumn('dispatched_by', 'text')
    .addCheckConstraint('parcels_kind_check', sql`kind in ('outbound', 'return', 'inbound_pickup', 'back_to_lender')`)
    .addCheckConstraint('parcels_status_check', sql`status in ('open', 'packed', 'dispatched')`)
    .addCheckConstraint('parcels_handoff_check', sql`handoff in ('carrier', 'studio')`)
    .execute();
  await sql`create unique index if not exists parcels_one_open on parcels (user_id, kind, destination_key, ship_day) where status = 'open'`.execute(
    db,
  );
  await sql`create unique index if not exists parcels_tracking_number on parcels (tracking_number) where tracking_number is not null`.execute(
    db,
  );
  await db.schema
    .createIndex('parcels_desk_idx')
    .ifNotExists()
    .on('parcels')
    .columns(['kind', 'status', 'ship_day'])
    .execute();
  await db.schema.createIndex('parcels_user_idx').ifNotExists().on('parcels').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('parcel_pieces')
    .ifNotExists()
    .addColumn('parcel_id', 'integer', (c) => c.notNull().references('parcels.id').onDelete('cascade'))
    .addColumn('rental_id', 'integer', (c) => c.notNull().references('rentals.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('parcel_pieces_pk', ['parcel_id', 'rental_id'])
    .addUniqueConstraint('parcel_pieces_one_per_kind', ['rental_id', 'kind'])
    .execute();

  await db.schema
    .createTable('parcel_events')
    .ifNotExists()
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('parcel_id', 'integer', (c) => c.notNull().references('parcels.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('parcel_events_parcel_idx')
    .ifNotExists()
    .on('parcel_events')
    .columns(['parcel_id', 'occurred_at'])
    .execute();

  await db.schema.alterTable('rentals').addColumn('return_scanned_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('rentals').dropColumn('return_scanned_at').execute();
  await db.schema.dropTable('parcel_events').ifExists().execute();
  await db.schema.dropTable('parcel_pieces').ifExists().execute();
  await db.schema.dropTable('parcels').ifExists().execute();
}
