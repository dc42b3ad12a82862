import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueItem } from '../../../domain/catalogue';
import { litresForItem, type Dashboard } from '../../../domain/dashboard';
import type { Rental } from '../../../domain/rentals';
import { readyToRent } from '../../test/renter';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock: () => new Date('2026-11-22T10:00:00Z'),
    env: { bookingFormUrl: 'https://forms.example/book' },
  });
});
afterAll(async () => {
  await t?.close();
});

async function dashboard(m: TestMember): Promise<Dashboard> {
  const res = await m.request('/api/dashboard');
  expect(res.status).toBe(200);
  return (await res.json()) as Dashboard;
}

async function genderOf(id: number): Promise<string> {
  return ((await (await t.request(`/api/items/${id}`)).json()) as CatalogueItem).gender;
}

describe(`dashboard (${process.env.TEST_DIALECT})`, () => {
  it('welcomes the member, recommends 3 items for her gender, and gives the booking form URL', async () => {
    const m = await t.signUp({ fullName: 'Frida Female', gender: 'female' });
    const d = await dashboard(m);
    expect(d).toMatchObject({
      fullName: 'Frida Female',
      rentedCount: 0,
      waterSavedLitres: 0,
      totalEarningsCents: 0,
      bookingFormUrl: 'https://forms.example/book',
    });
    expect(d.recommendations).toHaveLength(3);
    for (const r of d.recommendations) expect(await genderOf(r.id)).toBe('Women');
    // Stable between visits the same day.
    expect((await dashboard(m)).recommendations.map((r) => r.id)).toEqual(d.recommendations.map((r) => r.id));

    const man = await t.signUp({ gender: 'male' });
    for (const r of (await dashboard(man)).recommendations) expect(await genderOf(r.id)).toBe('Men');
    expect((await dashboard(await t.signUp({ gender: 'other' }))).recommendations).toHaveLength(3);
    expect((await t.request('/api/dashboard')).status).toBe(401);
  });

  it('counts water per rental and never recommends what the member has rented', async () => {
    const m = await readyToRent(await t.signUp({ gender: 'female' }));
    const first = await dashboard(m);
    const rented: number[] = [];
    for (const rec of first.recommendations.slice(0, 2)) {
      const item = (await (await t.request(`/api/items/${rec.id}`)).json()) as CatalogueItem;
      const res = await m.request('/api/rentals', { method: 'POST', json: { itemId: item.id, size: item.sizes[0] } });
      expect(res.status, await res.clone().text()).toBe(201);
      rented.push(((await res.json()) as Rental).itemId);
    }
    const d = await dashboard(m);
    expect(d.rentedCount).toBe(2);
    expect(d.waterSavedLitres).toBe(litresForItem(rented[0]!) + litresForItem(rented[1]!));
    expect(d.recommendations).toHaveLength(3);
    for (const r of d.recommendations) expect(rented).not.toContain(r.id);
  });
});
