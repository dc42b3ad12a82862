import { sql, type Kysely } from 'kysely';
import { serialPk } from './dialect';

/**
 * The pre-loved sale (issue 30 item 5; decision 0066), and the desk's dispatches of pieces that
 * leave for good (a pre-loved sale, a kept piece that came back to the desk anyway).
 *
 * - `preloved_pieces`: a retired unit offered for sale. `status` listed -> reserved (a purchase's
 *   charge is with the payment provider) -> sold, or back to listed (declined), or withdrawn.
 *   The purchase is the conditional update `listed -> reserved`: of twenty buyers at once the
 *   database lets one through. One live offer per unit (partial unique index). `lender_id` and
 *   `lender_share_cents`: a member's piece pays her share of the price (source `sale:<id>`).
 * - `sendoffs`: a piece leaving for good, to be packed and sent by the desk (`dispatched_at`);
 *   `reason` preloved (ref_id: the piece) or kept (ref_id: the kept rental). One per reason and ref.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('preloved_pieces')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('unit_id', 'integer', (c) => c.notNull().references('item_units.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('condition_note', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('listed_by', 'text', (c) => c.notNull())
    .addColumn('listed_at', 'text', (c) => c.notNull())
    .addColumn('lender_id', 'text')
    .addColumn('buyer_id', 'text')
    .addColumn('order_id', 'integer')
    .addColumn('entry_id', 'integer')
    .addColumn('sold_at', 'text')
    .addColumn('lender_share_cents', 'integer')
    .addCheckConstraint('preloved_status_check', sql`status in ('listed', 'reserved', 'sold', 'withdrawn')`)
    .addCheckConstraint('preloved_price_check', sql`price_cents > 0`)
    .execute();
  await sql`create unique index if not exists preloved_one_live on preloved_pieces (unit_id) where status <> 'withdrawn'`.execute(
    db,
  );
  await db.schema
    .createIndex('preloved_status_idx')
    .ifNotExists()
    .on('preloved_pieces')
    .columns(['status', 'listed_at'])
    .execute();
  await db.schema
    .createTable('sendoffs')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('unit_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('dispatched_at', 'text')
    .addColumn('dispatched_by', 'text')
    .addCheckConstraint('sendoffs_reason_check', sql`reason in ('preloved', 'kept')`)
    .addUniqueConstraint('sendoffs_once', ['reason', 'ref_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sendoffs').ifExists().execute();
  await db.schema.dropTable('preloved_pieces').ifExists().execute();
}
