import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCatalogueRoutes } from './catalogue.routes';

/** The browse route's own list cache, as it runs outside tests (NODE_ENV=production). */

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
    env: { ...t.ctx.env, nodeEnv: 'production', browseCacheMs },
    database: { ...t.ctx.database, db: t.ctx.database.db.withPlugin(counter) },
  };
  const routes = createCatalogueRoutes(ctx);
  const browse = async (qs: string) => {
    const res = await routes.request(`/?${qs}`);
    expect(res.status).toBe(200);
    return res.text();
  };
  return { browse, queries: () => queries };
}

describe(`browse list cache (${process.env.TEST_DIALECT})`, () => {
  it('runs one query for requests that miss the same page together, then answers from memory', async () => {
    const r = countingRoutes(1000);
    const bodies = await Promise.all(Array.from({ length: 8 }, () => r.browse('gender=Women&sort=popular&limit=6')));
    expect(new Set(bodies).size).toBe(1);
    expect(r.queries()).toBe(1);
    await r.browse('gender=Women&sort=popular&limit=6');
    expect(r.queries()).toBe(1);
  });

  it('runs every dated query: availability is never shared or cached', async () => {
    const r = countingRoutes(1000);
    await Promise.all(Array.from({ length: 4 }, () => r.browse('from=2027-04-01&to=2027-04-08&limit=6')));
    expect(r.queries()).toBe(4);
  });

  it('runs every query when BROWSE_CACHE_MS is 0', async () => {
    const r = countingRoutes(0);
    await Promise.all(Array.from({ length: 4 }, () => r.browse('gender=Men&limit=6')));
    await r.browse('gender=Men&limit=6');
    expect(r.queries()).toBe(5);
  });
});
