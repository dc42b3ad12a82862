import type { Kysely } from 'kysely';

/**
 * The storage term of a managed piece ends (issue 31; decision 0070).
 *
 * - `member_intakes.term_ends_on`: the last day of the piece's storage term, set when the desk puts
 *   it live (MANAGED_STORAGE_MONTHS after that day) and moved on by a term when she renews.
 *   Null on intakes put live before this change: the term is read from `live_at` then.
 * - `member_intakes.term_reminded_at`: when she was told the term ends in 30 days (once per
 *   term: set by a conditional update, cleared when she renews).
 * - `member_intakes.term_ended_at`: when the term ended without a renewal and the piece was
 *   asked back for her (once per piece: a conditional update).
 * - `member_recalls.term_end`: 1 when the recall was made because the storage term ended (at no
 *   cost to her), 0 for her own recall or a rejected intake.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('member_intakes').addColumn('term_ends_on', 'text').execute();
  await db.schema.alterTable('member_intakes').addColumn('term_reminded_at', 'text').execute();
  await db.schema.alterTable('member_intakes').addColumn('term_ended_at', 'text').execute();
  await db.schema
    .alterTable('member_recalls')
    .addColumn('term_end', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('member_recalls').dropColumn('term_end').execute();
  await db.schema.alterTable('member_intakes').dropColumn('term_ended_at').execute();
  await db.schema.alterTable('member_intakes').dropColumn('term_reminded_at').execute();
  await db.schema.alterTable('member_intakes').dropColumn('term_ends_on').execute();
}
