import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCatalogueRoutes } from './catalogue.routes';
import { createCatalogueService } from './catalogue.service';

/** The browse route's own list cache, as it runs outside tests (createTestApp turns it off by default). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The catalogue routes over the test database, counting the SQL queries they run. */
function countingRoutes(browseCacheMs: number) {
  let queries = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      queries += 1;
      return args.result;
    },
  };
  const ctx: AppContext = {
    ...t.ctx,
    env: { ...t.ctx.env, browseCacheMs },
    database: { ...t.ctx.database, db: t.ctx.database.db.withPlugin(counter) },
  };
  const routes = createCatalogueRoutes(ctx, createCatalogueService(ctx));
  const browse = async (qs: string) => {
    const res = await routes.request(`/?${qs}`);
    expect(res.status).toBe(200);
    return res.text();
  };
  return { browse, queries: () => queries };
}

/**
 * The queries one page costs when it is computed (the list, and the cover photos of its items
 * from the one owner of pictures): measured, so the tests count pages, not a constant.
 */
async function queriesPerPage(qs: string): Promise<number> {
  const r = countingRoutes(0);
  await r.browse(qs);
  return r.queries();
}

describe(`browse list cache (${process.env.TEST_DIALECT})`, () => {
  it('computes a page once for requests that miss it together, then answers from memory', async () => {
    const perPage = await queriesPerPage('gender=Women&sort=popular&limit=6');
    expect(perPage).toBeGreaterThanOrEqual(1);
    expect(perPage).toBeLessThanOrEqual(2);
    const r = countingRoutes(1000);
    const bodies = await Promise.all(Array.from({ length: 8 }, () => r.browse('gender=Women&sort=popular&limit=6')));
    expect(new Set(bodies).size).toBe(1);
    expect(r.queries()).toBe(perPage);
    await r.browse('gender=Women&sort=popular&limit=6');
    expect(r.queries()).toBe(perPage);
  });

  it('runs every dated query: availability is never shared or cached', async () => {
    const perPage = await queriesPerPage('from=2027-04-01&to=2027-04-08&limit=6');
    const r = countingRoutes(1000);
    await Promise.all(Array.from({ length: 4 }, () => r.browse('from=2027-04-01&to=2027-04-08&limit=6')));
    expect(r.queries()).toBe(4 * perPage);
  });

  it('runs every query when BROWSE_CACHE_MS is 0', async () => {
    const perPage = await queriesPerPage('gender=Men&limit=6');
    const r = countingRoutes(0);
    await Promise.all(Array.from({ length: 4 }, () => r.browse('gender=Men&limit=6')));
    await r.browse('gender=Men&limit=6');
    expect(r.queries()).toBe(5 * perPage);
  });
});
