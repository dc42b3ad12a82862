import { sql, type Kysely } from 'kysely';

/**
 * A member's count of live listings, so the cap on them (MAX_LIVE_LISTINGS) holds under
 * concurrent creates: a create raises it with `live = live + 1 WHERE live < cap` in its
 * transaction, a removal lowers it in its own. Filled from the listings already live.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('listing_quotas')
    .ifNotExists()
    .addColumn('owner_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('live', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('listing_quotas_live_nonneg', sql`live >= 0`)
    .execute();
  await db
    .insertInto('listing_quotas')
    .columns(['owner_id', 'live'])
    .expression(
      db
        .selectFrom('items')
        .select(['owner_id', (eb) => eb.fn.countAll().as('live')])
        .where('owner_id', 'is not', null)
        .where('status', '=', 'active')
        .groupBy('owner_id'),
    )
    .onConflict((oc) => oc.column('owner_id').doNothing())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('listing_quotas').ifExists().execute();
}
