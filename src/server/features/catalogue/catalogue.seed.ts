import type { Kysely } from 'kysely';
import { addDays, rentalPriceForCategory } from '../../../domain/catalogue';
import { combinedRating } from '../../../domain/reviews';
import type { Seed } from '../../db/seed';
import { syncIdSequences } from '../../db/sql';
import type { DB } from '../../db/schema';
import { CATALOGUE, sizesFor, type SeedItem } from './data/catalogue';
import { LOOKS } from './data/looks';

/** How many units of a size an item has: 1 to 3, fixed per item and size. */
export function unitsPerSize(itemId: number, sizeIndex: number): number {
  return 1 + ((itemId * 7 + sizeIndex * 3) % 3);
}

/** When a seeded item joined the catalogue: new pieces in the last weeks, the rest earlier in the year. */
function createdAt(item: SeedItem): string {
  const base = item.isNew ? '2026-10-01' : '2026-03-01';
  return `${addDays(base, item.id % 28)}T09:00:00.000Z`;
}

export function seedItemRow(item: SeedItem) {
  const sizes = item.sizes ?? sizesFor(item.category, item.gender);
  return {
    id: item.id,
    slug: item.slug ?? null,
    name: item.name,
    brand: item.brand,
    category: item.category,
    gender: item.gender,
    sizes: JSON.stringify(sizes),
    colour: item.colour,
    tags: item.tags.join(','),
    retail_price_cents: item.retail,
    rental_price_cents: item.price ?? rentalPriceForCategory(item.category),
    rating: item.rating,
    review_count: item.reviews,
    rental_count: item.rentals,
    is_new: item.isNew ? 1 : 0,
    description: item.description,
    materials: item.materials,
    care_instructions: item.care,
    owner_id: null,
    status: 'active',
    created_at: createdAt(item),
    look: lookJson(item.id),
  };
}

/** The stored look of a house piece (data/looks.ts), or null. */
export function lookJson(id: number): string | null {
  const look = LOOKS[id];
  return look ? JSON.stringify(look) : null;
}

/**
 * The looks are versioned with the code like the rest of the catalogue: a database seeded by an
 * older version gets the current ones (only rows that differ are written).
 */
async function syncLooks(db: Kysely<DB>, ids: number[]): Promise<number> {
  const rows = await db
    .selectFrom('items')
    .select(['id', 'look'])
    .where('id', 'in', ids)
    .where('owner_id', 'is', null)
    .execute();
  const stale = rows.filter((r) => r.look !== lookJson(r.id));
  if (stale.length === 0) return 0;
  await db.transaction().execute(async (trx) => {
    for (const r of stale)
      await trx
        .updateTable('items')
        .set({ look: lookJson(r.id) })
        .where('id', '=', r.id)
        .where('owner_id', 'is', null)
        .execute();
  });
  return stale.length;
}

/**
 * Retail prices are versioned with the code too (issue 15 set them in proportion to the weekly
 * price): a database seeded before gets the current ones (only house rows that differ are written).
 */
async function syncRetailPrices(db: Kysely<DB>): Promise<number> {
  const want = new Map(CATALOGUE.map((i) => [i.id, i.retail]));
  const rows = await db
    .selectFrom('items')
    .select(['id', 'retail_price_cents'])
    .where('id', 'in', [...want.keys()])
    .where('owner_id', 'is', null)
    .execute();
  const stale = rows.filter((r) => r.retail_price_cents !== want.get(r.id));
  if (stale.length === 0) return 0;
  await db.transaction().execute(async (trx) => {
    for (const r of stale)
      await trx
        .updateTable('items')
        .set({ retail_price_cents: want.get(r.id)! })
        .where('id', '=', r.id)
        .where('owner_id', 'is', null)
        .execute();
  });
  return stale.length;
}

/**
 * The catalogue's first review counts are versioned with the code too: a house piece's count
 * never exceeds its times rented (one review per rental), except the SPEC's ten hoodies, whose
 * pages say their ratings came with the catalogue (docs/product.md, "Rating and count"). A
 * database seeded before gets the current seed counts: a piece without real reviews takes the
 * count as it is (its rating is the seed's); one with real reviews has its seed count replaced
 * and its rating and count worked out again from the seed and its real reviews.
 */
async function syncReviewCounts(db: Kysely<DB>): Promise<number> {
  const want = new Map(CATALOGUE.map((i) => [i.id, i.reviews]));
  const rows = await db
    .selectFrom('items')
    .select(['id', 'review_count', 'seed_rating', 'seed_review_count'])
    .where('id', 'in', [...want.keys()])
    .where('owner_id', 'is', null)
    .execute();
  const stale = rows.filter((r) => (r.seed_review_count ?? r.review_count) !== want.get(r.id));
  if (stale.length === 0) return 0;
  await db.transaction().execute(async (trx) => {
    for (const r of stale) {
      const count = want.get(r.id)!;
      if (r.seed_review_count === null) {
        await trx
          .updateTable('items')
          .set({ review_count: count })
          .where('id', '=', r.id)
          .where('seed_review_count', 'is', null)
          .execute();
        continue;
      }
      const real = await trx
        .selectFrom('reviews')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number | null>('rating').as('total')])
        .where('item_id', '=', r.id)
        .executeTakeFirstOrThrow();
      const shown = combinedRating(
        { rating: Number(r.seed_rating ?? 0), count },
        { sum: Number(real.total ?? 0), count: Number(real.n) },
      );
      await trx
        .updateTable('items')
        .set({ seed_review_count: count, rating: shown.rating, review_count: shown.reviewCount })
        .where('id', '=', r.id)
        .execute();
    }
  });
  return stale.length;
}

/**
 * The house catalogue from data/catalogue.ts. Idempotent: rows that exist are left alone (their
 * rental counts move with real rentals), missing items and units are added.
 */
export const catalogueSeed: Seed = {
  name: 'catalogue',
  async run(ctx) {
    const { db } = ctx.database;
    const ids = CATALOGUE.map((i) => i.id);
    const present = await db
      .selectFrom('items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', 'in', ids)
      .executeTakeFirstOrThrow();
    const units = await db
      .selectFrom('item_units')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('item_id', 'in', ids)
      .executeTakeFirstOrThrow();
    const expectedUnits = CATALOGUE.reduce(
      (n, item) =>
        n + (item.sizes ?? sizesFor(item.category, item.gender)).reduce((m, _s, k) => m + unitsPerSize(item.id, k), 0),
      0,
    );
    if (Number(present.n) === ids.length && Number(units.n) >= expectedUnits) {
      const changed = await syncLooks(db, ids);
      if (changed) ctx.logger.info({ items: changed }, 'catalogue looks updated');
      const repriced = await syncRetailPrices(db);
      if (repriced) ctx.logger.info({ items: repriced }, 'catalogue retail prices updated');
      const recounted = await syncReviewCounts(db);
      if (recounted) ctx.logger.info({ items: recounted }, 'catalogue review counts updated');
      return;
    }

    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('items')
        .values(CATALOGUE.map(seedItemRow))
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      const unitRows = CATALOGUE.flatMap((item) =>
        (item.sizes ?? sizesFor(item.category, item.gender)).flatMap((size, k) =>
          Array.from({ length: unitsPerSize(item.id, k) }, (_, n) => ({ item_id: item.id, size, unit_no: n + 1 })),
        ),
      );
      await trx
        .insertInto('item_units')
        .values(unitRows)
        .onConflict((oc) => oc.columns(['item_id', 'size', 'unit_no']).doNothing())
        .execute();
      await syncIdSequences(trx, ['items', 'item_units']);
    });
    await syncLooks(db, ids);
    await syncRetailPrices(db);
    await syncReviewCounts(db);
    ctx.logger.info({ items: ids.length }, 'catalogue seeded');
  },
};
