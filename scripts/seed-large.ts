/**
 * Fills a database with a large synthetic catalogue for measuring:
 *   DATA_DIR=.tmp/big npm run seed:large -- 100000
 *   DATABASE_URL=postgres://... npm run seed:large -- 100000
 * Migrates and seeds the house catalogue first, then adds synthetic items until the catalogue
 * holds N items, each with 1-3 units per size, and books ~5% of the units for a week in the
 * next two months. Finishes with ANALYZE (PostgreSQL: VACUUM ANALYZE) so the query planner knows
 * the tables' shape.
 */
import { pathToFileURL } from 'node:url';
import {
  BRANDS,
  CATEGORIES,
  ITEM_GENDERS,
  RENTAL_DAYS,
  addDays,
  rentalPriceForCategory,
  type Category,
  type ItemGender,
} from '../src/domain/catalogue';
import { compose } from '../src/server/compose';
import type { Database } from '../src/server/db/database';
import { refreshPlannerStatistics, syncIdSequences } from '../src/server/db/sql';
import { loadEnv } from '../src/server/env';
import { createLogger } from '../src/server/logger';
import { unitsPerSize } from '../src/server/features/catalogue/catalogue.seed';
import { sizesFor } from '../src/server/features/catalogue/data/catalogue';
import { SWATCHES } from '../src/server/pictures/colour';

const NOUNS: Record<Category, string[]> = {
  Jackets: ['Blazer', 'Trench Coat', 'Bomber Jacket', 'Wool Coat', 'Biker Jacket'],
  Pants: ['Wide-Leg Trousers', 'Cigarette Pants', 'Chinos', 'Straight Jeans', 'Cargo Trousers'],
  Accessories: ['Shoulder Bag', 'Silk Scarf', 'Leather Belt', 'Clutch', 'Sunglasses'],
  Sets: ['Knit Set', 'Linen Co-ord', 'Satin Set', 'Tracksuit'],
  'Work Outfit': ['Trouser Suit', 'Suit', 'Office Outfit', 'Blazer Outfit'],
  Skirts: ['Midi Skirt', 'Mini Skirt', 'Pleated Skirt', 'Wrap Skirt'],
  Hoodies: ['Hoodie', 'Zip-Up Hoodie', 'Half-Zip Pullover', 'Sweatshirt'],
  Shirts: ['Oxford Shirt', 'Silk Shirt', 'Poplin Shirt', 'Camp Shirt'],
  'Mountain Outfit': ['Hiking Outfit', 'Ski Suit', 'Shell Outfit', 'Trail Outfit'],
  Dresses: ['Slip Dress', 'Maxi Dress', 'Wrap Dress', 'Cocktail Dress', 'Midi Dress'],
  Tops: ['Camisole', 'Tank Top', 'Corset Top', 'Linen Tee', 'Knit Top'],
  Shoes: ['Loafers', 'Ankle Boots', 'Slingback Pumps', 'Trainers', 'Sandals'],
};
const TAGS = ['summer', 'party', 'work', 'hiking', 'evening', 'casual', 'winter', 'wedding', 'holiday', 'travel'];
const COLOURS = Object.keys(SWATCHES).filter((c) => c !== 'gray' && /^[a-z]+$/.test(c));

/** A small deterministic PRNG (mulberry32), so every run builds the same catalogue. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

export function syntheticItem(id: number, rand: () => number) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const category = pick(CATEGORIES);
  const gender: ItemGender = pick(ITEM_GENDERS);
  const brand = pick(BRANDS);
  const colour = pick(COLOURS);
  const noun = pick(NOUNS[category]);
  const tags = [...new Set([pick(TAGS), pick(TAGS)])];
  const daysAgo = Math.floor(rand() * 365);
  const retail = Math.round((20 + rand() * 980) * 100);
  return {
    id,
    slug: null,
    name: `${cap(colour)} ${noun}`,
    brand,
    category,
    gender,
    sizes: JSON.stringify(sizesFor(category, gender)),
    colour,
    tags: tags.join(','),
    retail_price_cents: retail,
    rental_price_cents: rand() < 0.7 ? rentalPriceForCategory(category) : 899 + Math.floor(rand() * 8) * 100,
    rating: Math.round((3.5 + rand() * 1.5) * 10) / 10,
    review_count: Math.floor(rand() * 400),
    rental_count: Math.floor(rand() * 80),
    is_new: daysAgo < 45 ? 1 : 0,
    description: `A ${colour} ${noun.toLowerCase()} by ${brand}, cut for ${gender === 'Women' ? 'women' : 'men'} and made to be worn again and again.`,
    materials: 'Cotton blend',
    care_instructions: 'Dry clean only.',
    owner_id: null,
    status: 'active',
    created_at: new Date(Date.UTC(2026, 10, 1) - daysAgo * 86_400_000 - id).toISOString(),
  };
}

/** Adds synthetic items (ids after the current maximum) until the catalogue holds `total` items. */
export async function fillCatalogue(
  database: Database,
  total: number,
  log: (msg: string) => void = () => {},
): Promise<void> {
  const { db } = database;
  const count = Number(
    (
      await db
        .selectFrom('items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const maxId = Number(
    (
      await db
        .selectFrom('items')
        .select((eb) => eb.fn.max('id').as('m'))
        .executeTakeFirstOrThrow()
    ).m ?? 0,
  );
  const missing = total - count;
  if (missing <= 0) {
    log(`already ${count} items`);
    return;
  }
  const rand = prng(total);
  const today = new Date().toISOString().slice(0, 10);
  const started = performance.now();
  const BATCH = 500;
  for (let done = 0; done < missing; done += BATCH) {
    const items: ReturnType<typeof syntheticItem>[] = [];
    for (let k = 0; k < Math.min(BATCH, missing - done); k++) items.push(syntheticItem(maxId + 1 + done + k, rand));
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values(items).execute();
      const units = items.flatMap((item) =>
        (JSON.parse(item.sizes) as string[]).flatMap((size, k) =>
          Array.from({ length: unitsPerSize(item.id, k) }, (_, n) => ({ item_id: item.id, size, unit_no: n + 1 })),
        ),
      );
      for (let u = 0; u < units.length; u += 1000) {
        const inserted = await trx
          .insertInto('item_units')
          .values(units.slice(u, u + 1000))
          .returning(['id', 'item_id'])
          .execute();
        const bookings = inserted
          .filter(() => rand() < 0.05)
          .map((unit) => {
            const start = addDays(today, Math.floor(rand() * 60));
            return {
              unit_id: unit.id,
              item_id: unit.item_id,
              start_date: start,
              end_date: addDays(start, RENTAL_DAYS),
              released_at: null,
              created_at: new Date().toISOString(),
            };
          });
        if (bookings.length) await trx.insertInto('bookings').values(bookings).execute();
      }
    });
    if ((done / BATCH) % 40 === 0) {
      log(`${count + done + items.length} / ${total} items`);
      // The planner's statistics as the tables grow: a server with autovacuum off (as on the CI
      // machine) otherwise plans each unit's trigger on an empty \`items\` and scans it whole per row.
      await refreshPlannerStatistics(db);
    }
  }
  await syncIdSequences(db, ['items', 'item_units']);
  await refreshPlannerStatistics(db);
  log(`added ${missing} items in ${Math.round(performance.now() - started)} ms`);
}

async function main() {
  const total = Number(process.argv[2] ?? 100_000);
  if (!Number.isInteger(total) || total < 1) throw new Error('usage: npm run seed:large -- <number of items>');
  const env = loadEnv({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const { ctx } = await compose({ env, logger: createLogger(env.logLevel) });
  try {
    await fillCatalogue(ctx.database, total, (m) => console.log(m));
  } finally {
    await ctx.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
