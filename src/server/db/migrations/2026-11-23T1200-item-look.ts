import type { Kysely } from 'kysely';

/**
 * What an item's generated pictures show: a garment descriptor as JSON (type, cut, length,
 * neckline, sleeves, fabric, print, colours, details; or an outfit's pieces). Set by the
 * catalogue seed for the house pieces; null for a member's listing, whose pictures are its
 * photos (and whose fallback drawing is derived from its name, category and colour).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('items').addColumn('look', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('items').dropColumn('look').execute();
}
