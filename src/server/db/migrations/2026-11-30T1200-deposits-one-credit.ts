import { sql, type Kysely } from 'kysely';

/**
 * Deposits placed by requests, and one credit per rental for damage (issue 29; decision 0068).
 *
 * - `damage_credits`: what credits a lender for damage to her piece, one per rental (the rental
 *   is the primary key): an upheld claim (`claim`) or a damage record with something owed
 *   (`damage`). Each is written in the transaction that decides it, so of a claim upheld and
 *   damage recorded at once one writes the row and the other is refused.
 * - `damage_claims.deposit_captured_cents`: the part of an upheld claim taken from the deposit
 *   held on the rental; the renter's card is charged the rest.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('damage_credits')
    .ifNotExists()
    .addColumn('rental_id', 'integer', (c) => c.primaryKey().references('rentals.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('damage_credits_source_check', sql`source in ('claim', 'damage')`)
    .execute();
  await db.schema
    .alterTable('damage_claims')
    .addColumn('deposit_captured_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('damage_claims').dropColumn('deposit_captured_cents').execute();
  await db.schema.dropTable('damage_credits').ifExists().execute();
}
