import { sql, type Kysely } from 'kysely';
import { isPostgres, serialPk } from './dialect';

/**
 * Issue 17 part B (decision 0034): a backup size, the waitlist with its 24-hour holds, shortlists.
 *
 * - `bookings.follows_booking_id`: a booking that holds a second unit (the backup size) for as long
 *   as the booking it follows. A trigger copies every change of the followed booking's days or
 *   release to its follower, so whatever moves or frees a rental's unit (an extension, a check-in,
 *   'cleaning done', a cancellation) moves or frees the backup with it; deleting the followed
 *   booking (a declined payment) deletes the follower. At most one follower per booking (unique).
 * - `rentals.backup_size`: the size held as a backup (null: none).
 * - `waitlist_entries`: a member waiting for a size of an item for dates; `status` waiting, held
 *   (a unit held for her until `hold_expires_at`, by the booking `hold_booking_id`), booked (she
 *   confirmed: `rental_id`), expired (she did not confirm in time) or left (she left the list).
 *   One live entry (waiting or held) per member, item, size and start date (partial unique index);
 *   a hold booking belongs to one entry (unique).
 * - `shortlists` and `shortlist_items`: a member's named lists of pieces; a name once per member
 *   whatever its case (unique `name_key`), a piece once per list (primary key).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);

  await db.schema
    .alterTable('bookings')
    .addColumn('follows_booking_id', 'integer', (c) => c.references('bookings.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('bookings_follows_unique')
    .ifNotExists()
    .on('bookings')
    .column('follows_booking_id')
    .unique()
    .execute();
  if (pg) {
    await sql`
      create or replace function bookings_follow() returns trigger language plpgsql as $$
      begin
        update bookings set start_date = new.start_date, end_date = new.end_date, released_at = new.released_at
          where follows_booking_id = new.id
            and (start_date, end_date, released_at) is distinct from (new.start_date, new.end_date, new.released_at);
        return null;
      end $$`.execute(db);
    await sql`create trigger bookings_follow_trg after update of start_date, end_date, released_at on bookings for each row execute function bookings_follow()`.execute(
      db,
    );
  } else {
    await sql`
      create trigger bookings_follow_au after update of start_date, end_date, released_at on bookings begin
        update bookings set start_date = new.start_date, end_date = new.end_date, released_at = new.released_at
          where follows_booking_id = new.id;
      end`.execute(db);
  }

  await db.schema.alterTable('rentals').addColumn('backup_size', 'text').execute();

  await db.schema
    .createTable('waitlist_entries')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('waiting'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('held_at', 'text')
    .addColumn('hold_expires_at', 'text')
    .addColumn('hold_booking_id', 'integer', (c) => c.references('bookings.id').onDelete('set null'))
    .addColumn('rental_id', 'integer', (c) => c.references('rentals.id').onDelete('set null'))
    .addColumn('ended_at', 'text')
    .addCheckConstraint(
      'waitlist_entries_status_check',
      sql`status in ('waiting', 'held', 'booked', 'expired', 'left')`,
    )
    .execute();
  await db.schema
    .createIndex('waitlist_entries_live_unique')
    .ifNotExists()
    .on('waitlist_entries')
    .columns(['user_id', 'item_id', 'size', 'start_date'])
    .unique()
    .where(sql.ref('status'), 'in', sql`('waiting', 'held')`)
    .execute();
  await db.schema
    .createIndex('waitlist_entries_hold_unique')
    .ifNotExists()
    .on('waitlist_entries')
    .column('hold_booking_id')
    .unique()
    .execute();
  await db.schema
    .createIndex('waitlist_entries_status_idx')
    .ifNotExists()
    .on('waitlist_entries')
    .columns(['status', 'item_id', 'size', 'id'])
    .execute();
  await db.schema
    .createIndex('waitlist_entries_user_idx')
    .ifNotExists()
    .on('waitlist_entries')
    .columns(['user_id', 'status'])
    .execute();

  await db.schema
    .createTable('shortlists')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('shortlists_user_name_unique', ['user_id', 'name_key'])
    .execute();
  await db.schema
    .createTable('shortlist_items')
    .ifNotExists()
    .addColumn('shortlist_id', 'integer', (c) => c.notNull().references('shortlists.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('shortlist_items_pk', ['shortlist_id', 'item_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shortlist_items').ifExists().execute();
  await db.schema.dropTable('shortlists').ifExists().execute();
  await db.schema.dropTable('waitlist_entries').ifExists().execute();
  if (isPostgres(db)) {
    await sql`drop trigger if exists bookings_follow_trg on bookings`.execute(db);
    await sql`drop function if exists bookings_follow()`.execute(db);
  } else {
    await sql`drop trigger if exists bookings_follow_au`.execute(db);
  }
  await db.schema.dropIndex('bookings_follows_unique').ifExists().execute();
  await db.schema.alterTable('rentals').dropColumn('backup_size').execute();
  await db.schema.alterTable('bookings').dropColumn('follows_booking_id').execute();
}
