import { afterAll, beforeAll, expect } from 'vitest';
import type { CatalogueItem, ItemPage } from '../../../domain/catalogue';
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
