import { sql, type Kysely } from 'kysely';
import { isPostgres, serialPk } from './dialect';

/**
 * A renter withdraws her own request while it waits for the lender (decision 0041): a new final
 * status of `booking_requests`, 'withdrawn', reached like 'declined' by the conditional update
 * `status = 'pending'`.
 *
 * The CHECK constraint is widened. PostgreSQL drops and adds the named constraint. SQLite cannot
 * alter a constraint, so the table is rebuilt (SQLite's documented way: a new table with the new
 * definition, the rows copied, the old dropped, the new renamed, its indexes made again) inside
 * one transaction (Kysely's migrator runs SQLite migrations without one). Nothing references
 * `booking_requests`, so dropping it with foreign keys on is safe.
 */

const OLD = ['authorising', 'pending', 'accepted', 'declined', 'expired', 'failed'];
const NEW = [...OLD, 'withdrawn'];

const COLUMNS = [
  'id',
  'rental_id',
  'item_id',
  'renter_id',
  'lender_id',
  'status',
  'authorisation_entry_id',
  'expires_at',
  'decided_at',
  'created_at',
];

function checkOf(statuses: string[]) {
  return sql.raw(`status in (${statuses.map((s) => `'${s}'`).join(', ')})`);
}

/** booking_requests as 2026-11-26T1400-lending-requests made it, with `statuses` allowed. */
async function rebuildSqlite(db: Kysely<any>, statuses: string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.schema
      .createTable('booking_requests_rebuilt')
      .addColumn('id', serialPk(trx), (c) => c.primaryKey())
      .addColumn('rental_id', 'integer', (c) => c.notNull().unique().references('rentals.id').onDelete('cascade'))
      .addColumn('item_id', 'integer', (c) => c.notNull())
      .addColumn('renter_id', 'text', (c) => c.notNull())
      .addColumn('lender_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('authorisation_entry_id', 'integer')
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('decided_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addCheckConstraint('booking_requests_status_check', checkOf(statuses))
      .execute();
    const cols = COLUMNS.join(', ');
    await sql.raw(`insert into booking_requests_rebuilt (${cols}) select ${cols} from booking_requests`).execute(trx);
    await trx.schema.dropTable('booking_requests').execute();
    await trx.schema.alterTable('booking_requests_rebuilt').renameTo('booking_requests').execute();
    await createIndexes(trx);
  });
}

async function createIndexes(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('booking_requests_lender_idx')
    .ifNotExists()
    .on('booking_requests')
    .columns(['lender_id', 'id'])
    .execute();
  await db.schema
    .createIndex('booking_requests_renter_idx')
    .ifNotExists()
    .on('booking_requests')
    .columns(['renter_id', 'id'])
    .execute();
  await db.schema
    .createIndex('booking_requests_pending_idx')
    .ifNotExists()
    .on('booking_requests')
    .columns(['status', 'expires_at'])
    .execute();
}

async function allow(db: Kysely<any>, statuses: string[]): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table booking_requests drop constraint if exists booking_requests_status_check`.execute(db);
    await sql`alter table booking_requests add constraint booking_requests_status_check check (${checkOf(statuses)})`.execute(
      db,
    );
    return;
  }
  await rebuildSqlite(db, statuses);
}

export async function up(db: Kysely<any>): Promise<void> {
  await allow(db, NEW);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The narrower constraint has no 'withdrawn': those requests read as declined (both freed and voided).
  await db.updateTable('booking_requests').set({ status: 'declined' }).where('status', '=', 'withdrawn').execute();
  await allow(db, OLD);
}
