import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { catalogueSeed } from './catalogue.seed';
import { CATALOGUE } from './data/catalogue';

// Issue 15: retail prices follow the weekly price; a database seeded before gets them at the next start.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe(`the catalogue seed (${process.env.TEST_DIALECT})`, () => {
  it("corrects the retail prices of a database seeded before, and leaves members' pieces alone", async () => {
    const { db } = t.ctx.database;
    const jacket = CATALOGUE.find((i) => i.id === 3)!;
    // As the first seed had it: a $5,290 biker jacket at $7.99 a week.
    await db.updateTable('items').set({ retail_price_cents: 529_000 }).where('id', '=', 3).execute();
    await catalogueSeed.run(t.ctx);
    const row = await db.selectFrom('items').select('retail_price_cents').where('id', '=', 3).executeTakeFirstOrThrow();
    expect(row.retail_price_cents).toBe(jacket.retail);
    expect(jacket.retail).toBeLessThan(13 * 799 + 100);
    const res = (await (await t.request('/api/items/3')).json()) as { retailPriceCents: number; rentalPriceCents: number };
    expect(res).toMatchObject({ retailPriceCents: jacket.retail, rentalPriceCents: 799 });
  });
});
