import type { Kysely } from 'kysely';

/**
 * Staff review members' listings before they are public. The item's `status` says where a
 * listing stands (active = approved and public, pending_review, rejected, removed), so every
 * public query that already asks for `status = 'active'` shows approved pieces only. `listings`
 * keeps the review's details: the reason given with a rejection, who reviewed and when, when the
 * member last submitted it, and a round number that grows with each submission (so each
 * decision is notified once).
 * Listings that exist when this runs were public already: they count as approved.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('listings').addColumn('review_reason', 'text').execute();
  await db.schema.alterTable('listings').addColumn('reviewed_at', 'text').execute();
  await db.schema.alterTable('listings').addColumn('reviewed_by', 'text').execute();
  await db.schema.alterTable('listings').addColumn('submitted_at', 'text').execute();
  await db.schema
    .alterTable('listings')
    .addColumn('review_round', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db
    .updateTable('listings')
    .set((eb) => ({ submitted_at: eb.ref('created_at'), reviewed_at: eb.ref('created_at') }))
    .where('submitted_at', 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const c of ['review_reason', 'reviewed_at', 'reviewed_by', 'submitted_at', 'review_round']) {
    await db.schema.alterTable('listings').dropColumn(c).execute();
  }
}
