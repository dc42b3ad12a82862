import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { TestApp } from './test-app';

/*
 * Test factories: a row with sensible defaults, the few columns a test cares about given as
 * overrides. They write what a test cannot make through the API (a house item, a unit, an old
 * rental), on SQLite and PostgreSQL alike. Members are made through the API (makeMember, ./members).
 * Each takes the test app (its clock dates the rows) or, where no app is at hand, its database.
 */

type Target = TestApp | Kysely<DB>;

const dbOf = (target: Target): Kysely<DB> => ('ctx' in target ? target.ctx.database.db : target);
const nowOf = (target: Target): string => ('ctx' in target ? target.ctx.clock() : new Date()).toISOString();

let itemCounter = 0;

export interface ItemOptions {
  name?: string;
  brand?: string;
  category?: string;
  gender?: string;
  /** The sizes it comes in (default M); `units` units are made of each. */
  sizes?: string[];
  /** Units per size (default 1; 0 for none). */
  units?: number;
  colour?: string;
  tags?: string;
  retailCents?: number;
  /** The weekly rental price. */
  priceCents?: number;
  rating?: number;
  reviewCount?: number;
  rentalCount?: number;
  isNew?: boolean;
  description?: string;
  materials?: string | null;
  careInstructions?: string | null;
  /** A member's piece: owned by her, tagged `member` and listed (drop-off) unless `listed: false`. */
  ownerId?: string;
  listed?: boolean;
  status?: string;
  createdAt?: string;
}

/** An item (a house piece unless `ownerId`), with `units` units of each size. Returns its id. */
export async function makeItem(target: Target, opts: ItemOptions = {}): Promise<number> {
  itemCounter += 1;
  const db = dbOf(target);
  const createdAt = opts.createdAt ?? nowOf(target);
  const sizes = opts.sizes ?? ['M'];
  const { id } = await db
    .insertInto('items')
    .values({
      slug: null,
      name: opts.name ?? `Test Blazer ${itemCounter}`,
      brand: opts.brand ?? 'Theory',
      category: opts.category ?? 'Jackets',
      gender: opts.gender ?? 'Women',
      sizes: JSON.stringify(sizes),
      colour: opts.colour ?? 'black',
      tags: opts.tags ?? (opts.ownerId ? 'member' : ''),
      retail_price_cents: opts.retailCents ?? 49_000,
      rental_price_cents: opts.priceCents ?? 799,
      rating: opts.rating ?? 4.5,
      review_count: opts.reviewCount ?? 10,
      rental_count: opts.rentalCount ?? 0,
      is_new: opts.isNew ? 1 : 0,
      description: opts.description ?? 'A test piece.',
      materials: opts.materials ?? null,
      care_instructions: opts.careInstructions ?? null,
      owner_id: opts.ownerId ?? null,
      status: opts.status ?? 'active',
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const size of sizes) {
    for (let n = 1; n <= (opts.units ?? 1); n += 1) await makeUnit(db, id, { size, unitNo: n });
  }
  if (opts.ownerId && opts.listed !== false) {
    await db
      .insertInto('listings')
      .values({
        item_id: id,
        owner_id: opts.ownerId,
        handover: 'drop-off',
        created_at: createdAt,
        updated_at: createdAt,
      })
      .execute();
  }
  return id;
}

/** One more unit of an item (size M, the next free unit number unless given). Returns its id. */
export async function makeUnit(
  target: Target,
  itemId: number,
  opts: { size?: string; unitNo?: number } = {},
): Promise<number> {
  const db = dbOf(target);
  const size = opts.size ?? 'M';
  let unitNo = opts.unitNo;
  if (unitNo === undefined) {
    const last = await db
      .selectFrom('item_units')
      .select((eb) => eb.fn.max('unit_no').as('n'))
      .where('item_id', '=', itemId)
      .where('size', '=', size)
      .executeTakeFirst();
    unitNo = Number(last?.n ?? 0) + 1;
  }
  const { id } = await db
    .insertInto('item_units')
    .values({ item_id: itemId, size, unit_no: unitNo })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A hold of a unit for [start, end) (end exclusive), live unless `releasedAt`. Returns its id. */
export async function makeBooking(
  target: Target,
  opts: { unitId: number; itemId: number; start: string; end: string; releasedAt?: string | null; createdAt?: string },
): Promise<number> {
  const { id } = await dbOf(target)
    .insertInto('bookings')
    .values({
      unit_id: opts.unitId,
      item_id: opts.itemId,
      start_date: opts.start,
      end_date: opts.end,
      released_at: opts.releasedAt ?? null,
      created_at: opts.createdAt ?? nowOf(target),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * A rental as history left it, for what the API cannot make any more (one that started but was
 * neither charged nor counted, say): its booking (released when returned) and the rental row.
 * Returns the rental's id.
 */
export async function makeRental(
  target: Target,
  opts: {
    userId: string;
    itemId: number;
    unitId: number;
    start: string;
    end: string;
    size?: string;
    plan?: string;
    priceCents?: number;
    chargeCents?: number;
    lenderId?: string | null;
    lenderEarningsCents?: number;
    returnedAt?: string | null;
    createdAt?: string;
  },
): Promise<number> {
  const createdAt = opts.createdAt ?? nowOf(target);
  const returnedAt = opts.returnedAt ?? null;
  const bookingId = await makeBooking(target, {
    unitId: opts.unitId,
    itemId: opts.itemId,
    start: opts.start,
    end: opts.end,
    releasedAt: returnedAt,
    createdAt,
  });
  const { id } = await dbOf(target)
    .insertInto('rentals')
    .values({
      user_id: opts.userId,
      item_id: opts.itemId,
      booking_id: bookingId,
      unit_id: opts.unitId,
      size: opts.size ?? 'M',
      start_date: opts.start,
      end_date: opts.end,
      plan: opts.plan ?? 'weekly',
      price_cents: opts.priceCents ?? 799,
      charge_cents: opts.chargeCents ?? 0,
      lender_id: opts.lenderId ?? null,
      lender_earnings_cents: opts.lenderEarningsCents ?? 0,
      pickup_option: null,
      billing_period_start: null,
      extensions: 0,
      returned_at: returnedAt,
      created_at: createdAt,
      order_id: null,
      cancelled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
