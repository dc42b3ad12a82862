import { sql, type Kysely } from 'kysely';
import { serialPk } from './dialect';

/**
 * Reviews from real renters and fit details (issue 17 part A, decision 0033).
 *
 * - `reviews`: one per rental (the unique constraint on rental_id decides, even under concurrent
 *   posts), with the rating, how it fit, the size worn, the occasion, the text, and a copy of the
 *   reviewer's height, measurements and usual size as she gave them (size advice compares them).
 * - `review_photos`: up to 3 per review, stored like listing photos.
 * - `fit_details`: a member's height, measurements and usual size, kept for next time.
 * - `items.seed_rating`, `items.seed_review_count`: the rating and count an item had before its
 *   first real review (null until then), so `rating` and `review_count` can stay what the
 *   catalogue shows and sorts by: seed plus real reviews, rewritten with each review.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('items').addColumn('seed_rating', 'real').execute();
  await db.schema.alterTable('items').addColumn('seed_review_count', 'integer').execute();

  await db.schema
    .createTable('reviews')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('rental_id', 'integer', (c) => c.notNull().references('rentals.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('fit', 'text', (c) => c.notNull())
    .addColumn('size_worn', 'text', (c) => c.notNull())
    .addColumn('occasion', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('height_cm', 'integer')
    .addColumn('bust_cm', 'integer')
    .addColumn('waist_cm', 'integer')
    .addColumn('hips_cm', 'integer')
    .addColumn('usual_size', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('reviews_rental_unique', ['rental_id'])
    .addCheckConstraint('reviews_rating_check', sql`rating between 1 and 5`)
    .addCheckConstraint('reviews_fit_check', sql`fit in ('runs_small', 'true_to_size', 'runs_large')`)
    .execute();
  // The item page's list (newest first, by size) and size advice (same usual size, similar height).
  await db.schema.createIndex('reviews_item_idx').ifNotExists().on('reviews').columns(['item_id', 'id']).execute();
  await db.schema
    .createIndex('reviews_item_size_idx')
    .ifNotExists()
    .on('reviews')
    .columns(['item_id', 'size_worn', 'id'])
    .execute();
  await db.schema
    .createIndex('reviews_item_usual_idx')
    .ifNotExists()
    .on('reviews')
    .columns(['item_id', 'usual_size', 'height_cm'])
    .execute();
  await db.schema.createIndex('reviews_user_idx').ifNotExists().on('reviews').column('user_id').execute();

  await db.schema
    .createTable('review_photos')
    .ifNotExists()
    .addColumn('id', serialPk(db), (c) => c.primaryKey())
    .addColumn('review_id', 'integer', (c) => c.notNull().references('reviews.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addUniqueConstraint('review_photos_review_position_unique', ['review_id', 'position'])
    .execute();

  await db.schema
    .createTable('fit_details')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('height_cm', 'integer')
    .addColumn('bust_cm', 'integer')
    .addColumn('waist_cm', 'integer')
    .addColumn('hips_cm', 'integer')
    .addColumn('usual_size', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fit_details').ifExists().execute();
  await db.schema.dropTable('review_photos').ifExists().execute();
  await db.schema.dropTable('reviews').ifExists().execute();
  await db.schema.alterTable('items').dropColumn('seed_review_count').execute();
  await db.schema.alterTable('items').dropColumn('seed_rating').execute();
}
