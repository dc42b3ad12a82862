import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueItem, ItemPage } from '../../../domain/catalogue';
import type { Listing, ListingList } from '../../../domain/listings';
import type { FavoriteList } from '../../../domain/match';
import type { OrderList } from '../../../domain/orders';
import { makeTestItem, readyToRent, requestAndAccept } from '../../test/renter';
import { approveListing, makeStaff } from '../../test/staff';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';
import { listingForm, makeJpeg, makePng, sampleListing } from '../listings/listings.test-helpers';
import { verified } from '../../test/verified';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const item = async (id: number, m?: TestMember) => {
  const res = await (m ?? t).request(`/api/items/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as CatalogueItem;
};
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

const YEAR = 'public, max-age=31536000, immutable';

describe(`item pictures (${process.env.TEST_DIALECT})`, () => {
  it("serves a house piece's front, back and detail at the URLs its images give, cached for a year", async () => {
    const dress = await item(57);
    expect(dress.images.map((i) => i.view)).toEqual(['front', 'back', 'detail']);
    expect(dress.images.map((i) => i.label)).toEqual(['Front', 'Back', 'Detail']);
    expect(dress.images.every((i) => i.kind === 'illustration' && i.width === 400 && i.height === 400)).toBe(true);
    expect(dress.imageUrl).toBe(dress.images[0]!.url);
    expect(dress.imageAlt).toBe(dress.images[0]!.alt);
    expect(dress.images[1]!.alt).toMatch(
      /^Red Silk Slip Dress by Valentino: illustration of the red dress, back view$/,
    );

    const bodies = new Set<string>();
    for (const picture of dress.images) {
      const res = await t.request(picture.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe(YEAR);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const etag = res.headers.get('etag')!;
      expect(etag).toMatch(new RegExp(`^"${new URL(picture.url, 'http://x').searchParams.get('v')}-${picture.view}"$`));
      const svg = await res.text();
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg).toContain(
        `<title>Red Silk Slip Dress: illustration of the red dress, ${picture.view === 'detail' ? 'close-up' : `${picture.view} view`}</title>`,
      );
      bodies.add(svg);

      // The browser asks again with its copy's ETag: 304, nothing sent, still cacheable.
      const again = await t.request(picture.url, { headers: { 'if-none-match': `W/${etag}, "other"` } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('cache-control')).toBe(YEAR);
      expect(again.headers.get('etag')).toBe(etag);

      // Compressed for a browser that takes gzip, the same picture.
      const gz = await t.request(picture.url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(gz.headers.get('vary')).toBe('accept-encoding');
      const packed = Buffer.from(await gz.arrayBuffer());
      expect(packed.length).toBeLessThan(svg.length / 2);
      expect(gunzipSync(packed).toString('utf8')).toBe(svg);
    }
    expect(bodies.size).toBe(3);
  });

  it('answers an unversioned or outdated URL for minutes only, and 404 for an unknown view or item', async () => {
    const plain = await t.request('/api/items/57/pictures/front.svg');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=86400');
    const old = await t.request('/api/items/57/pictures/front.svg?v=0-old');
    expect(old.status).toBe(200);
    expect(old.headers.get('cache-control')).not.toContain('immutable');
    expect(await old.text()).toBe(await plain.text());

    for (const path of [
      '/api/items/57/pictures/side.svg',
      '/api/items/57/pictures/front.png',
      '/api/items/57/pictures/front',
      '/api/items/999999/pictures/front.svg',
      '/api/items/999999/image.svg',
    ]) {
      const res = await t.request(path);
      expect(res.status, path).toBe(404);
      expect((await errorOf(res)).code).toBe('NOT_FOUND');
    }
    const bad = await t.request('/api/items/abc/pictures/front.svg');
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe('VALIDATION_FAILED');
  });

  it('a new drawing is a new URL: the version follows what the picture is drawn from', async () => {
    const { db } = t.ctx.database;
    const before = await item(36);
    const oldUrl = before.images[0]!.url;
    const oldSvg = await (await t.request(oldUrl)).text();
    const { look } = await db.selectFrom('items').select('look').where('id', '=', 36).executeTakeFirstOrThrow();
    try {
      await db
        .updateTable('items')
        .set({ look: JSON.stringify({ type: 'skirt', cut: 'pleated', length: 'maxi' }) })
        .where('id', '=', 36)
        .execute();
      const after = await item(36);
      expect(after.images[0]!.url).not.toBe(oldUrl);
      const fresh = await t.request(after.images[0]!.url);
      expect(fresh.headers.get('cache-control')).toBe(YEAR);
      expect(await fresh.text()).not.toBe(oldSvg);
      // The old URL is no longer the current version: it may not be kept for a year.
      expect((await t.request(oldUrl)).headers.get('cache-control')).not.toContain('immutable');
    } finally {
      await db.updateTable('items').set({ look }).where('id', '=', 36).execute();
    }
  });

  it("a member's listing shows its photos, in order, instead of drawings: on its page, in lists, in favorites", async () => {
    const lender = await verified(await t.signUp({ fullName: 'Lena Lender' }));
    const friend = await t.signUp({ fullName: 'Fay Friend' });
    const form = listingForm(sampleListing({ name: 'Champagne Silk Slip Dress', rentalPriceCents: 2_500 }), [
      { data: await makeJpeg(600, 800), name: 'front.jpg', type: 'image/jpeg' },
      { data: await makePng(500, 500), name: 'back.png', type: 'image/png' },
    ]);
    const created = await lender.request('/api/listings', { method: 'POST', body: form });
    expect(created.status).toBe(201);
    const listing = (await created.json()) as Listing;
    await approveListing(await makeStaff(t), listing.id);

    const page = await item(listing.id);
    expect(page.images.map((i) => [i.kind, i.view, i.label, i.url])).toEqual(
      listing.photos.map((p, i) => ['photo', null, `Photo ${i + 1}`, p.url]),
    );
    expect(page.images.map((i) => [i.width, i.height])).toEqual(listing.photos.map((p) => [p.width, p.height]));
    expect(page.imageUrl).toBe(listing.photos[0]!.url);
    expect(page.images[1]!.alt).toBe('Champagne Silk Slip Dress by Reformation: photo 2 of 2');
    expect(listing.imageUrl).toBe(page.imageUrl);
    const photo = await t.request(page.imageUrl);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');

    // Browse lists carry the cover photo, like the page.
    const list = (await (await t.request('/api/items?category=Dresses&sort=newest&limit=48')).json()) as ItemPage;
    const card = list.items.find((i) => i.id === listing.id);
    expect(card?.imageUrl).toBe(page.imageUrl);
    expect(card?.imageAlt).toBe('Champagne Silk Slip Dress by Reformation: photo');
    // A house piece in the same list keeps its drawing.
    expect(list.items.find((i) => i.id === 57)?.imageUrl).toBe((await item(57)).imageUrl);

    // Favorites show the pictures as they are now, not as they were when liked.
    expect((await friend.request(`/api/favorites/${listing.id}`, { method: 'PUT' })).status).toBeLessThan(300);
    const favOf = async () =>
      ((await (await friend.request('/api/favorites')).json()) as FavoriteList).items.find(
        (f) => f.itemId === listing.id,
      )!;
    expect((await favOf()).item.images).toEqual(page.images);
    const removed = await lender.request(`/api/listings/${listing.id}/photos/0`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    const now = await item(listing.id);
    expect(now.images).toHaveLength(1);
    expect(now.imageUrl).not.toBe(page.imageUrl);
    expect(now.imageUrl).toMatch(new RegExp(`^/api/listings/${listing.id}/photos/0\\?v=`));
    expect((await favOf()).item.imageUrl).toBe(now.imageUrl);
    expect((await favOf()).item.images).toEqual(now.images);
    const mine = (await (await lender.request('/api/listings')).json()) as ListingList;
    expect(mine.listings.find((l) => l.id === listing.id)?.imageUrl).toBe(now.imageUrl);

    // Its drawing still exists (derived from its name), it is simply not one of its pictures.
    const drawn = await t.request(`/api/items/${listing.id}/pictures/front.svg`);
    expect(drawn.status).toBe(200);
    expect(await drawn.text()).toContain('illustration of the');
  });

  it('the assistant shows the same first picture as the catalogue', async () => {
    const res = await t.request('/api/assistant/messages', { method: 'POST', json: { message: 'red dress' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { id: number; imageUrl: string }[] };
    expect(body.items.length).toBeGreaterThan(0);
    for (const i of body.items) expect(i.imageUrl).toBe((await item(i.id)).imageUrl);
  });
});

describe(`pictures of pieces no longer listed (${process.env.TEST_DIALECT})`, () => {
  /** A member's approved listing, public with its pictures. */
  async function listed(lender: TestMember, name: string): Promise<number> {
    await verified(lender); // lending asks a verified identity (decision 0068)
    const form = listingForm(sampleListing({ name, rentalPriceCents: 2_500 }), [
      { data: await makePng(500, 500), name: 'front.png', type: 'image/png' },
    ]);
    const created = await lender.request('/api/listings', { method: 'POST', body: form });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as Listing;
    await approveListing(await makeStaff(t), id);
    return id;
  }
  /** Every public address that would name the piece: its page, its image and its views. */
  const publicUrls = (id: number) => [
    `/api/items/${id}`,
    `/api/items/${id}/image.svg`,
    ...['front', 'back', 'detail'].map((v) => `/api/items/${id}/pictures/${v}.svg`),
  ];

  it("a removed listing's name is gone from every public picture: its page, image.svg and its views all answer 404", async () => {
    const lender = await t.signUp({ fullName: 'Remy Removed' });
    const id = await listed(lender, 'Vermilion Secret Gown');
    const { images } = await item(id);
    for (const url of publicUrls(id)) expect((await t.request(url)).status, url).toBe(200);
    expect(await (await t.request(`/api/items/${id}/image.svg`)).text()).toContain('Vermilion Secret Gown');

    expect((await lender.request(`/api/listings/${id}`, { method: 'DELETE' })).status).toBe(204);
    for (const url of [...publicUrls(id), ...images.map((i) => i.url)]) {
      const res = await t.request(url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toContain('Vermilion');
    }
    // Her own history keeps it, without the name; another member's does not have it.
    const hers = await lender.request(`/api/items/${id}/past-pictures/front.svg`);
    expect(hers.status).toBe(200);
    expect(await hers.text()).not.toContain('Vermilion');
    expect((await (await t.signUp()).request(`/api/items/${id}/past-pictures/front.svg`)).status).toBe(404);
  });

  it("a deleted account's listings are 404 at every public picture address", async () => {
    const lender = await t.signUp({ fullName: 'Dora Deleted' });
    const id = await listed(lender, 'Ultramarine Hidden Jumpsuit');
    expect((await lender.request('/api/me', { method: 'DELETE', json: { password: lender.password } })).status).toBe(
      204,
    );
    for (const url of publicUrls(id)) expect((await t.request(url)).status, url).toBe(404);
  });

  it('her past order keeps a picture without the name, for her (and the lender) only', async () => {
    const lender = await readyToRent(await t.signUp({ fullName: 'Lou Lender' }));
    const id = await makeTestItem(t.ctx.database.db, { ownerId: lender.id, name: 'Saffron Private Blazer' });
    const renter = await readyToRent(await t.signUp({ fullName: 'Ria Renter' }));
    expect((await requestAndAccept(renter, lender, { itemId: id, size: 'M' })).status).toBe(201);
    const orderPicture = async () =>
      ((await (await renter.request('/api/orders')).json()) as OrderList).orders
        .flatMap((o) => o.items)
        .find((i) => i.itemId === id)!.imageUrl;
    expect(await orderPicture()).toMatch(new RegExp(`^/api/items/${id}/pictures/front\\.svg\\?v=`));

    // The piece leaves the catalogue (as when its lender removes it once it is back).
    await t.ctx.database.db.updateTable('items').set({ status: 'removed' }).where('id', '=', id).execute();
    for (const url of publicUrls(id)) expect((await t.request(url)).status, url).toBe(404);
    const past = await orderPicture();
    expect(past).toMatch(new RegExp(`^/api/items/${id}/past-pictures/front\\.svg\\?v=`));

    const mine = await renter.request(past);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(mine.headers.get('cache-control')).toBe('private, max-age=86400');
    const svg = await mine.text();
    expect(svg).toMatch(/<title>Illustration of the [^<]+, front view<\/title>/);
    expect(svg).not.toContain('Saffron');
    expect(svg).not.toContain('Blazer');
    expect((await lender.request(past)).status).toBe(200);

    // Nobody else: another member 404, a visitor 401.
    const other = await t.signUp();
    expect((await other.request(past)).status).toBe(404);
    expect((await t.request(past)).status).toBe(401);
  });
});
