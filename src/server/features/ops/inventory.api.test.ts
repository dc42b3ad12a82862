import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueItem } from '../../../domain/catalogue';
import type { AuditPage, InventoryItemDetail } from '../../../domain/ops';
import type { Rental } from '../../../domain/rentals';
import { readyToRent } from '../../test/renter';
import { approveListing, makeStaff } from '../../test/staff';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';
import { listingForm, makeJpeg, makePng, sampleListing } from '../listings/listings.test-helpers';
import { verified } from '../../test/verified';

/*
 * Inventory editing at the desk on a real database: house pieces created with their units and
 * edited, units added, product photos that replace the generated pictures wherever the piece is
 * shown (checked like listing photos), a member's listing left to its owner, everything audited.
 */

let t: TestApp;
let staff: TestMember;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  staff = await makeStaff(t, { fullName: 'Ivo Inventory' });
});
afterAll(async () => {
  await t?.close();
});

async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text.slice(0, 400)).toBe(status);
  return JSON.parse(text) as T;
}

const piece = (over: Record<string, unknown> = {}) => ({
  name: 'Ivory Silk Column Gown',
  brand: 'The Row',
  category: 'Dresses',
  gender: 'Women',
  colour: 'ivory',
  tags: ['evening', 'wedding'],
  description: 'A bias-cut silk column gown with a cowl back.',
  retailPriceCents: 320_000,
  units: [
    { size: 'S', count: 2 },
    { size: 'M', count: 1 },
  ],
  ...over,
});

const photoForm = (files: { data: Buffer | Uint8Array; name: string; type: string }[]) => {
  const form = new FormData();
  for (const f of files) form.append('photos', new File([new Uint8Array(f.data)], f.name, { type: f.type }));
  return form;
};

describe(`inventory editing (${process.env.TEST_DIALECT})`, () => {
  it('adds a house piece with its units: public at once, priced from its category, audited', async () => {
    const created = await json<InventoryItemDetail>(
      staff.request('/api/ops/items', { method: 'POST', json: piece() }),
      201,
    );
    expect(created).toMatchObject({
      status: 'active',
      fromMember: false,
      rentalPriceCents: 2_999,
      sizes: ['S', 'M'],
      tags: ['evening', 'wedding'],
      hasPhotos: false,
    });
    expect(created.units.map((u) => [u.size, u.unitNo, u.state])).toEqual([
      ['M', 1, 'available'],
      ['S', 1, 'available'],
      ['S', 2, 'available'],
    ]);
    expect(created.units[0]!.code).toMatch(/^RT-\d{6}$/);
    expect(created.pictures.map((p) => p.kind)).toEqual(['illustration', 'illustration', 'illustration']);
    const item = await json<CatalogueItem>(t.request(`/api/items/${created.id}`));
    expect(item).toMatchObject({ name: 'Ivory Silk Column Gown', rentalPriceCents: 2_999, sizes: ['S', 'M'] });
    const search = await json<{ items: { id: number }[] }>(t.request('/api/items?q=column%20gown'));
    expect(search.items.map((i) => i.id)).toContain(created.id);
    const audit = await json<AuditPage>(staff.request(`/api/ops/audit?action=item.create&subjectId=${created.id}`));
    expect(audit.entries[0]).toMatchObject({
      actor: { email: staff.email },
      after: { name: 'Ivory Silk Column Gown', rentalPriceCents: 2_999 },
    });
  });

  it('refuses a piece with a bad field, naming it', async () => {
    for (const [over, path] of [
      [{ category: 'Hats' }, 'category'],
      [{ colour: 'Ivory White' }, 'colour'],
      [{ units: [] }, 'units'],
      [{ units: [{ size: 'M', count: 0 }] }, 'units.0.count'],
      [
        {
          units: [
            { size: 'M', count: 1 },
            { size: 'M', count: 2 },
          ],
        },
        'units',
      ],
      [{ rentalPriceCents: 100 }, 'rentalPriceCents'],
      [{ rentalPriceCents: 400_000 }, 'rentalPriceCents'],
    ] as const) {
      const res = await staff.request('/api/ops/items', { method: 'POST', json: piece(over) });
      expect(res.status, JSON.stringify(over)).toBe(400);
      const body = (await res.json()) as { error: { code: string; issues: { path: string }[] } };
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.issues.map((i) => i.path)).toContain(path);
    }
  });

  it('edits a house piece (audited with before and after) and adds units of a new size that can then be rented', async () => {
    const created = await json<InventoryItemDetail>(
      staff.request('/api/ops/items', {
        method: 'POST',
        json: piece({ name: 'Navy Wool Coat', category: 'Jackets', colour: 'navy' }),
      }),
      201,
    );
    const edited = await json<InventoryItemDetail>(
      staff.request(`/api/ops/items/${created.id}`, {
        method: 'PATCH',
        json: { name: 'Navy Double-Breasted Coat', rentalPriceCents: 1_200 },
      }),
    );
    expect(edited).toMatchObject({ name: 'Navy Double-Breasted Coat', rentalPriceCents: 1_200 });
    expect((await staff.request(`/api/ops/items/${created.id}`, { method: 'PATCH', json: {} })).status).toBe(400);
    expect(
      (await staff.request(`/api/ops/items/${created.id}`, { method: 'PATCH', json: { rentalPriceCents: 99_999 } }))
        .status,
    ).toBe(400);
    const audit = await json<AuditPage>(staff.request(`/api/ops/audit?action=item.update&subjectId=${created.id}`));
    expect(audit.entries[0]).toMatchObject({
      before: { name: 'Navy Wool Coat', rentalPriceCents: 799 },
      after: { name: 'Navy Double-Breasted Coat', rentalPriceCents: 1_200 },
    });

    const grown = await json<InventoryItemDetail>(
      staff.request(`/api/ops/items/${created.id}/units`, { method: 'POST', json: { size: 'XL', count: 2 } }),
    );
    expect(grown.sizes).toEqual(['S', 'M', 'XL']);
    expect(grown.units.filter((u) => u.size === 'XL').map((u) => u.unitNo)).toEqual([1, 2]);
    const more = await json<InventoryItemDetail>(
      staff.request(`/api/ops/items/${created.id}/units`, { method: 'POST', json: { size: 'S', count: 1 } }),
    );
    expect(more.units.filter((u) => u.size === 'S').map((u) => u.unitNo)).toEqual([1, 2, 3]);
    expect(
      (await staff.request(`/api/ops/items/${created.id}/units`, { method: 'POST', json: { size: 'S', count: 21 } }))
        .status,
    ).toBe(400);
    const member = await readyToRent(await t.signUp());
    expect(
      (await member.request('/api/rentals', { method: 'POST', json: { itemId: created.id, size: 'XL' } })).status,
    ).toBe(201);
  });

  it("leaves a member's listing to its owner: 409 on edit, units and photos, before any upload is read", async () => {
    const lender = await verified(await t.signUp());
    const created = await lender.request('/api/listings', {
      method: 'POST',
      body: listingForm(sampleListing({ name: 'Lent Velvet Blazer' }), [
        { data: await makePng(200, 260), name: 'l.png', type: 'image/png' },
      ]),
    });
    const listing = (await created.json()) as { id: number };
    await approveListing(staff, listing.id);
    expect(
      (await staff.request(`/api/ops/items/${listing.id}`, { method: 'PATCH', json: { name: 'Taken' } })).status,
    ).toBe(409);
    expect(
      (await staff.request(`/api/ops/items/${listing.id}/units`, { method: 'POST', json: { size: 'M', count: 1 } }))
        .status,
    ).toBe(409);
    expect(
      (
        await staff.request(`/api/ops/items/${listing.id}/photos`, {
          method: 'PUT',
          body: photoForm([{ data: await makeJpeg(300, 400), name: 'p.jpg', type: 'image/jpeg' }]),
        })
      ).status,
    ).toBe(409);
    expect((await staff.request(`/api/ops/items/${listing.id}/photos`, { method: 'DELETE' })).status).toBe(409);
    const detail = await json<InventoryItemDetail>(staff.request(`/api/ops/items/${listing.id}`));
    expect(detail).toMatchObject({ fromMember: true, name: 'Lent Velvet Blazer', hasPhotos: true });
    expect((await staff.request('/api/ops/items/999999')).status).toBe(404);
  });

  it('replaces the generated pictures with product photos everywhere the piece is shown, and back', async () => {
    const created = await json<InventoryItemDetail>(
      staff.request('/api/ops/items', {
        method: 'POST',
        json: piece({ name: 'Scarlet Satin Slip Dress', colour: 'red' }),
      }),
      201,
    );
    const member = await readyToRent(await t.signUp());
    const rental = await json<Rental>(
      member.request('/api/rentals', { method: 'POST', json: { itemId: created.id, size: 'M' } }),
      201,
    );
    expect(rental.imageUrl).toMatch(/\.svg\?v=/);

    // Checked like listing photos: by content, count and size.
    const url = `/api/ops/items/${created.id}/photos`;
    expect(
      (
        await staff.request(url, {
          method: 'PUT',
          body: photoForm([{ data: Buffer.from('GIF89a but not really an image'), name: 'x.jpg', type: 'image/jpeg' }]),
        })
      ).status,
    ).toBe(415);
    const five = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => ({
        data: await makeJpeg(200, 300),
        name: `p${i}.jpg`,
        type: 'image/jpeg',
      })),
    );
    expect((await staff.request(url, { method: 'PUT', body: photoForm(five) })).status).toBe(400);
    expect(
      (
        await staff.request(url, {
          method: 'PUT',
          body: photoForm([{ data: Buffer.alloc(6 * 1024 * 1024, 0xff), name: 'big.jpg', type: 'image/jpeg' }]),
        })
      ).status,
    ).toBe(413);

    const withPhotos = await json<InventoryItemDetail>(
      staff.request(url, {
        method: 'PUT',
        body: photoForm([
          { data: await makeJpeg(600, 800), name: 'front.jpg', type: 'image/jpeg' },
          { data: await makePng(600, 800), name: 'back.png', type: 'image/png' },
        ]),
      }),
    );
    expect(withPhotos.hasPhotos).toBe(true);
    expect(withPhotos.pictures.map((p) => p.kind)).toEqual(['photo', 'photo']);
    const cover = withPhotos.pictures[0]!.url;
    expect(cover).toMatch(new RegExp(`^/api/listings/${created.id}/photos/0\\?v=`));
    // The item page, the list, search, the member's rental: the photo, not the drawing.
    expect((await json<CatalogueItem>(t.request(`/api/items/${created.id}`))).imageUrl).toBe(cover);
    const list = await json<{ items: { id: number; imageUrl: string }[] }>(t.request('/api/items?q=scarlet'));
    expect(list.items.find((i) => i.id === created.id)?.imageUrl).toBe(cover);
    expect((await json<Rental>(member.request(`/api/rentals/${rental.id}`))).imageUrl).toBe(cover);
    const served = await t.request(cover);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');

    // Replaced again: a new address; the old file is gone from the storage.
    const oldFiles = (
      await t.ctx.database.db
        .selectFrom('listing_photos')
        .select('file_name')
        .where('item_id', '=', created.id)
        .execute()
    ).map((r) => r.file_name);
    const replaced = await json<InventoryItemDetail>(
      staff.request(url, {
        method: 'PUT',
        body: photoForm([{ data: await makeJpeg(500, 700), name: 'new.jpg', type: 'image/jpeg' }]),
      }),
    );
    expect(replaced.pictures).toHaveLength(1);
    expect(replaced.pictures[0]!.url).not.toBe(cover);
    for (const f of oldFiles) expect(await t.ctx.storage.get(f)).toBeNull();

    // Removed: the drawings again.
    const back = await json<InventoryItemDetail>(staff.request(url, { method: 'DELETE' }));
    expect(back).toMatchObject({ hasPhotos: false });
    expect((await json<CatalogueItem>(t.request(`/api/items/${created.id}`))).imageUrl).toMatch(/\.svg\?v=/);
    const audit = await json<AuditPage>(staff.request(`/api/ops/audit?action=item.photos&subjectId=${created.id}`));
    expect(audit.entries.map((e) => e.after)).toEqual([{ photos: 0 }, { photos: 1 }, { photos: 2 }]);
  });
});
