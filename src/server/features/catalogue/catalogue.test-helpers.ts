import { afterAll, beforeAll, expect } from 'vitest';
import type { CatalogueItem, ItemPage } from '../../../domain/catalogue';
import { makeRental } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * The setup of the catalogue tests (catalogue*.api.test.ts): the seeded app, and the reads the
 * tests repeat. Call catalogueTestApp() at the top of the file; read `t` inside the tests (made in
 * beforeAll).
 */
export function catalogueTestApp() {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  const app = {
    get t(): TestApp {
      if (!t) throw new Error('catalogueTestApp: read t inside a test (made in beforeAll)');
      return t;
    },
    async json<T>(path: string): Promise<{ status: number; body: T }> {
      const res = await app.t.request(path);
      return { status: res.status, body: (await res.json()) as T };
    },
    /** Every item of a query, page by page, following the cursor. */
    async all(query: string, limit = 7): Promise<Summary[]> {
      const out: Summary[] = [];
      let cursor: string | null = null;
      for (let guard = 0; guard < 100; guard++) {
        const qs: string = `${query}${query ? '&' : ''}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const { status, body } = await app.json<ItemPage>(`/api/items?${qs}`);
        expect(status).toBe(200);
        expect(body.items.length).toBeLessThanOrEqual(limit);
        out.push(...body.items);
        if (!body.nextCursor) return out;
        cursor = body.nextCursor;
      }
      throw new Error('too many pages');
    },
    async full(id: number): Promise<CatalogueItem> {
      return (await app.json<CatalogueItem>(`/api/items/${id}`)).body;
    },
  };
  return app;
}

export type Summary = ItemPage['items'][number];

/**
 * A counted rental of a piece made at `createdAt`, as the app counts one (Recommended's recent
 * rentals, decision 0071): the rental (its days in March 2027, clear of the coming week; already
 * returned, so one member may have several) and the item's `rental_count`, in one transaction.
 */
export async function countedRental(t: TestApp, itemId: number, userId: string, createdAt: string): Promise<void> {
  const { db } = t.ctx.database;
  const unit = await db.selectFrom('item_units').select('id').where('item_id', '=', itemId).executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    await makeRental(trx, {
      userId,
      itemId,
      unitId: unit.id,
      start: '2027-03-01',
      end: '2027-03-08',
      createdAt,
      returnedAt: createdAt,
    });
    await trx
      .updateTable('items')
      .set((eb) => ({ rental_count: eb('rental_count', '+', 1) }))
      .where('id', '=', itemId)
      .execute();
  });
}
