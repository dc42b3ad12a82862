import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBooking, makeItem } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * "Complete the look" through the API (decision 0071), on both databases: pieces of the
 * categories that complete this one, for the same wearer, one of its occasions and a colour that
 * goes with it; available ones first, one per category before a second; never the piece itself.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, clock: () => new Date('2026-12-01T10:00:00.000Z') });
});
afterAll(async () => {
  await t?.close();
});

const piece = (category: string, colour: string, tags: string, gender = 'Women') =>
  makeItem(t, { category, colour, tags, gender, priceCents: 5000, rating: 4.5, sizes: ['M'] });

async function look(id: number): Promise<number[]> {
  const res = await t.request(`/api/items/${id}/complete-the-look`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { items: { id: number }[] }).items.map((i) => i.id);
}

/** Its one unit held through the coming week. */
async function held(id: number): Promise<void> {
  const { db } = t.ctx.database;
  const unit = await db.selectFrom('item_units').select('id').where('item_id', '=', id).executeTakeFirstOrThrow();
  await makeBooking(t, { unitId: unit.id, itemId: id, start: '2026-11-30', end: '2026-12-09' });
}

describe(`complete the look (${process.env.TEST_DIALECT})`, () => {
  it('completes a top with trousers, a skirt and shoes for its occasion, one per category first', async () => {
    const top = await piece('Tops', 'black', 'party');
    const pants = await piece('Pants', 'black', 'party');
    const skirt = await piece('Skirts', 'red', 'party');
    const shoes = await piece('Shoes', 'green', 'party,evening');
    const morePants = await piece('Pants', 'black', 'party');
    const bag = await piece('Accessories', 'black', 'party');
    await held(bag);
    // Not offered: another wearer, no shared occasion, the same category, a category that does not complete a top.
    const notOffered = [
      await piece('Pants', 'black', 'party', 'Men'),
      await piece('Pants', 'black', 'work'),
      await piece('Tops', 'black', 'party'),
      await piece('Dresses', 'black', 'party'),
    ];
    const got = await look(top);
    // Round one: each category's best (same colour first), then the second trousers; the held bag does not make the four.
    expect(got).toEqual([pants, skirt, shoes, morePants]);
    expect(got).not.toContain(top);
    for (const id of [...notOffered, bag]) expect(got).not.toContain(id);
  });

  it('completes a red dress in colours that go with red, available pieces first', async () => {
    const dress = await piece('Dresses', 'red', 'wedding');
    const greenJacket = await piece('Jackets', 'green', 'wedding');
    const pinkJacket = await piece('Jackets', 'pink', 'wedding');
    const navyShoes = await piece('Shoes', 'navy', 'wedding');
    const goldBag = await piece('Accessories', 'gold', 'wedding');
    await held(pinkJacket);
    const got = await look(dress);
    expect(got.slice(0, 2).sort((a, b) => a - b)).toEqual([navyShoes, goldBag].sort((a, b) => a - b));
    expect(got[2]).toBe(pinkJacket);
    expect(got).not.toContain(greenJacket);
    expect(got).not.toContain(dress);
  });

  it('answers 404 for a piece that is not listed', async () => {
    expect((await t.request('/api/items/999999/complete-the-look')).status).toBe(404);
    const gone = await makeItem(t, { category: 'Tops', status: 'removed' });
    expect((await t.request(`/api/items/${gone}/complete-the-look`)).status).toBe(404);
  });
});
