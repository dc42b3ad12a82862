import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_MESSAGES, MAX_LIVE_LISTINGS, type Listing, type ListingList } from '../../../domain/listings';
import { uploadsDir } from '../../storage/storage';
import { approveListing, makeStaff } from '../../test/staff';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';
import { listingForm, makeJpeg, makeNoisePng, makePng, sampleListing } from './listings.test-helpers';
import { verified } from '../../test/verified';

let t: TestApp;
let lender: TestMember;
let staff: TestMember;
let jpeg: Buffer;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  lender = await verified(await t.signUp({ fullName: 'Lena Lender' }));
  staff = await makeStaff(t);
  jpeg = await makeJpeg(2400, 3200);
});
afterAll(async () => {
  await t?.close();
});

const uploads = () => {
  try {
    return readdirSync(uploadsDir(t.ctx.env.dataDir)).filter((f) => !f.endsWith('.tmp'));
  } catch {
    return [];
  }
};

async function createListing(
  m: TestMember,
  over = {},
  photos = [{ data: jpeg, name: 'dress.jpg', type: 'image/jpeg' }],
): Promise<Listing> {
  const res = await m.request('/api/listings', { method: 'POST', body: listingForm(sampleListing(over), photos) });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Listing;
}

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; issues?: { path: string }[] } }).error;

describe(`listings (${process.env.TEST_DIALECT})`, () => {
  it('publishes a listing with a real photo: re-encoded, resized, stored under a server-chosen name', async () => {
    const png = await makePng();
    const listing = await createListing(lender, {}, [
      { data: jpeg, name: 'dress.jpg', type: 'image/jpeg' },
      { data: png, name: '../../etc/passwd.png', type: 'image/png' },
    ]);
    expect(listing).toMatchObject({
      name: 'Silk Slip Dress',
      status: 'available',
      earningsCents: 0,
      rentedBy: null,
      sizes: ['M'],
      handover: 'drop-off',
    });
    expect(listing.photos).toHaveLength(2);
    expect(listing.photos[0]!.width).toBeLessThanOrEqual(1600);
    expect(listing.photos[0]!.height).toBe(1600);

    const files = uploads();
    expect(files).toHaveLength(2);
    for (const f of files) expect(f).toMatch(/^[0-9a-f-]{36}\.webp$/);

    // In review: the owner (and staff) see the photo, nobody else; the item is not public yet.
    expect(listing.review).toMatchObject({ status: 'pending', reason: null });
    expect((await t.request(listing.photos[0]!.url)).status).toBe(404);
    expect((await t.request(`/api/items/${listing.id}`)).status).toBe(404);
    const own = await lender.request(listing.photos[0]!.url);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect((await staff.request(listing.photos[1]!.url)).status).toBe(200);
    await approveListing(staff, listing.id);

    const photo = await t.request(listing.photos[0]!.url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await photo.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBe(1600);

    // It is an item of the catalogue, marked as from a member, with its photo as the picture.
    const item = await t.request(`/api/items/${listing.id}`);
    expect(item.status).toBe(200);
    const asItem = (await item.json()) as { images: { url: string; kind: string }[]; imageUrl: string };
    expect(asItem).toMatchObject({
      id: listing.id,
      fromMember: true,
      rentalPriceCents: 2999,
      imageUrl: listing.imageUrl,
    });
    expect(listing.imageUrl).toMatch(new RegExp(`^/api/listings/${listing.id}/photos/0\\?v=[0-9a-f-]{8}$`));
    // Its pictures are its photos, in order, and only its photos.
    expect(asItem.images.map((i) => [i.kind, i.url])).toEqual(listing.photos.map((p) => ['photo', p.url]));

    const mine = (await (await lender.request('/api/listings')).json()) as ListingList;
    expect(mine.listings.map((l) => l.id)).toContain(listing.id);
    expect(mine.sharePercent).toBe(70);
  });

  it('refuses a text file renamed .jpg (415) and stores nothing', async () => {
    const before = uploads().length;
    const text = Buffer.from('this is not a picture, just text pretending to be one\n'.repeat(20));
    const res = await lender.request('/api/listings', {
      method: 'POST',
      body: listingForm(sampleListing({ name: 'Fake Photo Dress' }), [
        { data: text, name: 'photo.jpg', type: 'image/jpeg' },
      ]),
    });
    expect(res.status).toBe(415);
    expect((await errorOf(res)).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(uploads()).toHaveLength(before);
    const items = await t.ctx.database.db
      .selectFrom('items')
      .select('id')
      .where('name', '=', 'Fake Photo Dress')
      .execute();
    expect(items).toHaveLength(0);
  });

  it('refuses a JPEG header followed by garbage (415)', async () => {
    const bad = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    const res = await lender.request('/api/listings', {
      method: 'POST',
      body: listingForm(sampleListing(), [{ data: bad, name: 'x.jpg', type: 'image/jpeg' }]),
    });
    expect(res.status).toBe(415);
  });

  it('refuses a 6 MB image (413)', async () => {
    const big = await makeNoisePng(1500, 1400);
    expect(big.length).toBeGreaterThan(6 * 1000 * 1000);
    const res = await lender.request('/api/listings', {
      method: 'POST',
      body: listingForm(sampleListing(), [{ data: big, name: 'big.png', type: 'image/png' }]),
    });
    expect(res.status).toBe(413);
    expect((await errorOf(res)).message).toMatch(/5 MB/);
  });

  it('accepts a 3 MB photo (the upload route takes up to 20 MB, other routes 1 MB)', async () => {
    const three = await makeNoisePng(1000, 1000);
    expect(three.length).toBeGreaterThan(2.9 * 1000 * 1000);
    await createListing(lender, { name: 'Noise Print Dress' }, [{ data: three, name: 'noise.png', type: 'image/png' }]);
  });

  it('refuses more than four photos, none at all, and a JSON body', async () => {
    const five = Array.from({ length: 5 }, (_, i) => ({ data: jpeg, name: `p${i}.jpg`, type: 'image/jpeg' }));
    const tooMany = await lender.request('/api/listings', { method: 'POST', body: listingForm(sampleListing(), five) });
    expect(tooMany.status).toBe(400);
    expect((await errorOf(tooMany)).issues?.[0]?.path).toBe('photos');
    const none = await lender.request('/api/listings', { method: 'POST', body: listingForm(sampleListing(), []) });
    expect(none.status).toBe(400);
    const json = await lender.request('/api/listings', { method: 'POST', json: sampleListing() });
    expect(json.status).toBe(415);
  });

  it('checks the fields with the form schema: price bounds per category, sizes, handover', async () => {
    const res = await lender.request('/api/listings', {
      method: 'POST',
      body: listingForm(sampleListing({ rentalPriceCents: 99_00, sizes: [] }), [
        { data: jpeg, name: 'a.jpg', type: 'image/jpeg' },
      ]),
    });
    expect(res.status).toBe(400);
    const err = await errorOf(res);
    expect(err.issues?.map((i) => i.path)).toEqual(expect.arrayContaining(['sizes', 'rentalPriceCents']));
    const garbage = await lender.request('/api/listings', {
      method: 'POST',
      body: (() => {
        const f = new FormData();
        f.set('data', '{not json');
        return f;
      })(),
    });
    expect(garbage.status).toBe(400);
  });

  it(`holds a member to ${MAX_LIVE_LISTINGS} live listings, even under concurrent creates; removing one makes room`, async () => {
    const busy = await verified(await t.signUp({ fullName: 'Busy Lender' }));
    const small = await makeJpeg(60, 80);
    const form = (i: number) =>
      listingForm(sampleListing({ name: `Piece ${i}` }), [{ data: small, name: 'p.jpg', type: 'image/jpeg' }]);
    for (let i = 0; i < MAX_LIVE_LISTINGS - 2; i += 1)
      expect((await busy.request('/api/listings', { method: 'POST', body: form(i) })).status).toBe(201);

    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, i) => busy.request('/api/listings', { method: 'POST', body: form(100 + i) })),
    );
    const statuses = racing.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(4);
    const refused = racing.find((r) => r.status === 409)!;
    expect(await errorOf(refused)).toMatchObject({ code: 'CONFLICT', message: LISTING_MESSAGES.tooManyListings });
    const live = await t.ctx.database.db
      .selectFrom('items')
      .select('id')
      .where('owner_id', '=', busy.id)
      .where('status', 'in', ['active', 'pending_review'])
      .execute();
    expect(live).toHaveLength(MAX_LIVE_LISTINGS);
    // The uploads of refused requests are not kept.
    expect(uploads()).toHaveLength(
      await t.ctx.database.db
        .selectFrom('listing_photos')
        .select('id')
        .execute()
        .then((r) => r.length),
    );

    // At the cap a create is refused before its photos are read: a body that would be a 400 gets the 409.
    const junk = await busy.request('/api/listings', { method: 'POST', body: listingForm('not a listing', []) });
    expect(junk.status).toBe(409);

    // Another member is not affected; removing one makes room again.
    expect((await lender.request('/api/listings', { method: 'POST', body: form(200) })).status).toBe(201);
    expect((await busy.request(`/api/listings/${live[0]!.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await busy.request('/api/listings', { method: 'POST', body: form(201) })).status).toBe(201);
    expect((await busy.request('/api/listings', { method: 'POST', body: form(202) })).status).toBe(409);
  }, 120_000);

  it('edits and removes a listing; another member can neither see, change nor delete it', async () => {
    const listing = await createListing(lender, { name: 'Wool Coat', category: 'Jackets', rentalPriceCents: 1_299 });
    const other = await t.signUp();
    expect((await other.request(`/api/listings/${listing.id}`)).status).toBe(404);
    expect(
      (await other.request(`/api/listings/${listing.id}`, { method: 'PATCH', json: { name: 'Mine now' } })).status,
    ).toBe(404);
    expect((await other.request(`/api/listings/${listing.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await other.request(`/api/listings/${listing.id}/photos/0`, { method: 'DELETE' })).status).toBe(404);
    const otherList = (await (await other.request('/api/listings')).json()) as ListingList;
    expect(otherList.listings).toHaveLength(0);
    expect((await t.request('/api/listings')).status).toBe(401);

    const edited = await lender.request(`/api/listings/${listing.id}`, {
      method: 'PATCH',
      json: { name: 'Camel Wool Coat', rentalPriceCents: 1_499, handover: 'pickup' },
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ name: 'Camel Wool Coat', rentalPriceCents: 1499, handover: 'pickup' });
    const tooDear = await lender.request(`/api/listings/${listing.id}`, {
      method: 'PATCH',
      json: { rentalPriceCents: 9_999 },
    });
    expect(tooDear.status).toBe(400);
    expect((await errorOf(tooDear)).message).toMatch(/Jackets/);

    // Photos: add up to four, remove one.
    const add = await lender.request(`/api/listings/${listing.id}/photos`, {
      method: 'POST',
      body: listingForm(null, [{ data: await makePng(), name: 'b.png', type: 'image/png' }]),
    });
    expect(add.status).toBe(200);
    expect(((await add.json()) as Listing).photos).toHaveLength(2);
    const del = await lender.request(`/api/listings/${listing.id}/photos/0`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    const after = (await del.json()) as Listing;
    expect(after.photos).toHaveLength(1);
    expect(after.photos[0]!.url).toMatch(new RegExp(`/api/listings/${listing.id}/photos/0`));

    const filesBefore = uploads().length;
    expect((await lender.request(`/api/listings/${listing.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await lender.request(`/api/listings/${listing.id}`)).status).toBe(404);
    expect((await t.request(`/api/listings/${listing.id}/photos/0`)).status).toBe(404);
    expect(uploads().length).toBe(filesBefore - 1);
  });
});
