import type { Updateable } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../db/schema';
import { catalogueTestApp, type Summary } from './catalogue.test-helpers';

/**
 * A list's rows come from the search index (decision 0083), so every field a card shows must
 * follow the database through the change log: each column is written here straight to `items`
 * (as any writer would, past every service), and the next list shows it. A column the triggers
 * of migration 2026-12-02T0100 did not watch would leave the card as it was.
 */
describe('list rows follow every column a card shows', () => {
  const c = catalogueTestApp();

  async function pick(): Promise<{ id: number; brand: string; category: string }> {
    const { db } = c.t.ctx.database;
    return db
      .selectFrom('items')
      .select(['id', 'brand', 'category'])
      .where('status', '=', 'active')
      .where('owner_id', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
  }

  /** The item's card in its brand's and category's list. */
  async function card(item: { id: number; brand: string; category: string }): Promise<Summary> {
    const rows = await c.all(
      `brand=${encodeURIComponent(item.brand)}&category=${encodeURIComponent(item.category)}`,
      24,
    );
    const found = rows.find((r) => r.id === item.id);
    expect(found, `item ${item.id} in its list`).toBeDefined();
    return found!;
  }

  it('retail price, review count, "new", rating and name, each written alone', async () => {
    const item = await pick();
    const before = await card(item);
    const { db } = c.t.ctx.database;
    const set = (values: Updateable<DB['items']>) =>
      db.updateTable('items').set(values).where('id', '=', item.id).execute();
    // One column per write: a write of a watched column with an unwatched one would log the item anyway.
    await set({ retail_price_cents: before.retailPriceCents + 12_345 });
    expect((await card(item)).retailPriceCents).toBe(before.retailPriceCents + 12_345);
    await set({ review_count: before.reviewCount + 7 });
    expect((await card(item)).reviewCount).toBe(before.reviewCount + 7);
    await set({ is_new: before.isNew ? 0 : 1 });
    expect((await card(item)).isNew).toBe(!before.isNew);
    await set({ rating: 3.5 });
    expect((await card(item)).rating).toBe(3.5);
    await set({ name: `${before.name} Renamed` });
    const after = await card(item);
    expect(after.name).toBe(`${before.name} Renamed`);
    // The full item, read from the database, agrees with the card.
    const full = await c.full(item.id);
    expect([full.retailPriceCents, full.reviewCount, full.isNew, full.rating, full.name]).toEqual([
      after.retailPriceCents,
      after.reviewCount,
      after.isNew,
      after.rating,
      after.name,
    ]);
  });

  it('the look (its drawing) and the owner (her rating on the card)', async () => {
    const item = await pick();
    const before = await card(item);
    expect(before.lenderRating).toBeUndefined();
    const member = await c.t.signUp();
    const { db } = c.t.ctx.database;
    await db
      .updateTable('items')
      .set({ look: JSON.stringify({ type: 'coat', cut: 'trench' }) })
      .where('id', '=', item.id)
      .execute();
    const drawn = await card(item);
    expect(drawn.imageUrl).not.toBe(before.imageUrl);
    expect(drawn.imageUrl).toMatch(new RegExp(`^/api/items/${item.id}/pictures/front\\.svg\\?v=`));
    await db.updateTable('items').set({ owner_id: member.id }).where('id', '=', item.id).execute();
    expect((await card(item)).lenderRating).toBeNull();
  });

  it('a photo added, moved and removed changes the cover', async () => {
    const item = await pick();
    const drawn = (await card(item)).imageUrl;
    const { db } = c.t.ctx.database;
    const photo = {
      item_id: item.id,
      content_type: 'image/jpeg',
      width: 800,
      height: 1000,
      bytes: 1234,
      created_at: new Date().toISOString(),
    };
    await db
      .insertInto('listing_photos')
      .values({ ...photo, position: 0, file_name: 'aaaaaaaa-list-row-1.jpg' })
      .execute();
    expect((await card(item)).imageUrl).toBe(`/api/listings/${item.id}/photos/0?v=aaaaaaaa`);
    // Another photo takes the first place: the cover follows an update.
    await db
      .insertInto('listing_photos')
      .values({ ...photo, position: 1, file_name: 'bbbbbbbb-list-row-2.jpg' })
      .execute();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('listing_photos')
        .set({ position: 2 })
        .where('file_name', '=', 'aaaaaaaa-list-row-1.jpg')
        .execute();
      await trx
        .updateTable('listing_photos')
        .set({ position: 0 })
        .where('file_name', '=', 'bbbbbbbb-list-row-2.jpg')
        .execute();
    });
    expect((await card(item)).imageUrl).toBe(`/api/listings/${item.id}/photos/0?v=bbbbbbbb`);
    await db.deleteFrom('listing_photos').where('item_id', '=', item.id).execute();
    expect((await card(item)).imageUrl).toBe(drawn);
  });
});
