import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsDir } from '../../storage/storage';
import { readyToRent, requestAndAccept } from '../../test/renter';
import { approveListing, makeStaff } from '../../test/staff';
import { cookieFrom, createTestApp, type TestApp, type TestMember } from '../../test/test-app';
import { listingForm, makePng, sampleListing } from '../listings/listings.test-helpers';

/**
 * Deleting an account (issue 12): password required; open rentals and pieces rented out block
 * it; personal data goes in one transaction and every session ends. On SQLite and PostgreSQL.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const CARD = {
  cardNumber: '5555 5555 5555 4444',
  expiryMonth: '09',
  expiryYear: '2031',
  cvv: '321',
  cardholderName: 'Delia Leaving',
  billingAddress: { street: '9 Farewell Row', city: 'Brooklyn', state: 'NY', zipCode: '11201', country: 'US' },
};

let staff: TestMember | undefined;
let counter = 0;
/** A house item with one unit in size M. */
async function houseItem(): Promise<number> {
  counter += 1;
  const { db } = t.ctx.database;
  const { id } = await db
    .insertInto('items')
    .values({
      slug: null, name: `Delete Test Coat ${counter}`, brand: 'Theory', category: 'Jackets', gender: 'Women', sizes: JSON.stringify(['M']),
      colour: 'black', tags: '', retail_price_cents: 49_000, rental_price_cents: 799, rating: 4.5, review_count: 1, rental_count: 0,
      is_new: 0, description: 'A piece for the deletion tests.', materials: null, care_instructions: null, owner_id: null,
      status: 'active', created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('item_units').values({ item_id: id, size: 'M', unit_no: 1 }).execute();
  return id;
}

async function ok(res: Response | Promise<Response>, status = 200): Promise<Record<string, unknown>> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(status);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

const del = (m: TestMember, password: string) => m.request('/api/me', { method: 'DELETE', json: { password } });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; details?: Record<string, unknown> } }).error;

async function whoIs(cookie: string): Promise<string | null> {
  const res = await t.request('/api/auth/get-session', { headers: { cookie } });
  const body = (await res.json()) as { user: { id: string } } | null;
  return body?.user.id ?? null;
}

/** A member with one of everything: plan, card, pickup, likes, a favourite, an RSVP, a listing with photos. */
async function fullMember(): Promise<{ m: TestMember; listingId: number; eventId: number }> {
  const m = await t.signUp({ fullName: 'Delia Leaving', gender: 'female' });
  await ok(m.request('/api/subscription', { method: 'PUT', json: { plan: 'monthly', itemCount: 4 } }));
  await ok(m.request('/api/payment-method', { method: 'PUT', json: CARD }));
  await ok(m.request('/api/delivery-address', { method: 'PUT', json: { recipientName: 'Delia Leaving', line1: '9 Farewell Row', city: 'Brooklyn', state: 'NY', zipCode: '11201' } }));
  await ok(m.request('/api/pickup', { method: 'PUT', json: { option: 'online' } }));
  const deck = (await ok(m.request('/api/match/deck?gender=Women'))) as { items: { item: { id: number } }[] };
  await ok(m.request('/api/match/swipes', { method: 'POST', json: { itemId: deck.items[0]!.item.id, action: 'like' } }));
  await ok(m.request(`/api/favorites/${deck.items[1]!.item.id}`, { method: 'PUT' }));
  const events = (await ok(m.request('/api/events'))) as { events: { id: number }[] };
  const eventId = events.events[0]!.id;
  await ok(m.request(`/api/events/${eventId}/rsvp`, { method: 'POST' }), 201);
  const photo = { data: await makePng(200, 260), name: 'p.png', type: 'image/png' };
  const listing = await ok(m.request('/api/listings', { method: 'POST', body: listingForm(sampleListing({ name: 'Delia Velvet Gown' }), [photo, photo]) }), 201);
  // Staff approve it, so other members can rent it.
  await approveListing(staff ??= await makeStaff(t), listing.id as number);
  return { m, listingId: listing.id as number, eventId };
}

describe(`delete my account (${process.env.TEST_DIALECT})`, () => {
  it('needs the right password, and a wrong one changes nothing', async () => {
    const m = await t.signUp();
    const res = await del(m, 'not my password');
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toMatch(/password/i);
    expect(await whoIs(m.cookie)).toBe(m.id);
    const bad = await m.request('/api/me', { method: 'DELETE', json: {} });
    expect(bad.status).toBe(400);
  });

  it('is blocked while she has a rental out, with a clear message, and works once it is returned', async () => {
    const m = await readyToRent(await t.signUp());
    const itemId = await houseItem();
    const rental = await ok(m.request('/api/rentals', { method: 'POST', json: { itemId, size: 'M' } }), 201);
    const res = await del(m, m.password);
    expect(res.status).toBe(409);
    const err = await errorOf(res);
    expect(err.code).toBe('CONFLICT');
    expect(err.message).toMatch(/rental out.*return it first/i);
    expect(await whoIs(m.cookie)).toBe(m.id);
    await ok(m.request(`/api/rentals/${rental.id}/return`, { method: 'POST' }));
    expect((await del(m, m.password)).status).toBe(204);
  });

  it('is blocked while one of her pieces is rented out', async () => {
    const { m, listingId } = await fullMember();
    const renter = await readyToRent(await t.signUp());
    await ok(await requestAndAccept(renter, m, { itemId: listingId, size: 'M' }), 201);
    const res = await del(m, m.password);
    expect(res.status).toBe(409);
    const err = await errorOf(res);
    expect(err.message).toMatch(/Delia Velvet Gown is rented out until \d{4}-\d{2}-\d{2}/);
    expect(err.details?.rentedOutListings).toHaveLength(1);
    const item = await t.ctx.database.db.selectFrom('items').select('status').where('id', '=', listingId).executeTakeFirstOrThrow();
    expect(item.status).toBe('active');
  });

  it('removes her personal data in every table, ends every session, and keeps history without her name', async () => {
    const { m, listingId, eventId } = await fullMember();
    const { db } = t.ctx.database;
    const other = cookieFrom(await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: m.email, password: m.password } }));
    // A past rental: the lender's earnings history must survive her deletion.
    const itemId = await houseItem();
    const rental = await ok(m.request('/api/rentals', { method: 'POST', json: { itemId, size: 'M' } }), 201);
    await ok(m.request(`/api/rentals/${rental.id}/return`, { method: 'POST' }));
    const spotsBefore = (await db.selectFrom('events').select('spots_left').where('id', '=', eventId).executeTakeFirstOrThrow()).spots_left;
    const photoFiles = (await db.selectFrom('listing_photos').select('file_name').where('item_id', '=', listingId).execute()).map((p) => p.file_name);
    expect(photoFiles).toHaveLength(2);

    const res = await del(m, m.password);
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join('\n')).toMatch(/session_token=;.*Max-Age=0/i);
    expect(await whoIs(m.cookie)).toBeNull();
    expect(await whoIs(other)).toBeNull();
    expect((await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: m.email, password: m.password } })).status).toBe(401);

    for (const table of ['payment_methods', 'subscriptions', 'pickup_preferences', 'user_viewed_items', 'user_liked_items', 'user_session_progress', 'user_daily_views', 'rental_allowance_usage', 'event_rsvps', 'delivery_addresses'] as const) {
      const rows = await db.selectFrom(table).selectAll().where('user_id', '=', m.id).execute();
      expect(rows, table).toEqual([]);
    }
    // Her orders stay for our accounts, without the address they went to.
    const orders = await db.selectFrom('orders').selectAll().where('user_id', '=', m.id).execute();
    expect(orders).toHaveLength(1);
    expect(JSON.stringify(orders)).not.toMatch(/Delia|Farewell/);
    expect(await db.selectFrom('session').select('id').where('userId', '=', m.id).execute()).toEqual([]);
    expect(await db.selectFrom('account').select('id').where('userId', '=', m.id).execute()).toEqual([]);
    const user = await db.selectFrom('user').selectAll().where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ name: 'Deleted member', full_name: 'Deleted member', gender: 'prefer-not-to-say', image: null });
    expect(user.email).not.toBe(m.email);
    expect(JSON.stringify(user)).not.toMatch(/Delia/);
    const profile = await db.selectFrom('profiles').selectAll().where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ full_name: 'Deleted member', deleted_at: expect.any(String) });
    // Her pieces left the catalogue with their photos; her event spot went back.
    expect((await db.selectFrom('items').select('status').where('id', '=', listingId).executeTakeFirstOrThrow()).status).toBe('removed');
    expect(await db.selectFrom('listing_photos').select('id').where('item_id', '=', listingId).execute()).toEqual([]);
    const dir = uploadsDir(t.ctx.env.dataDir);
    const left = existsSync(dir) ? readdirSync(dir) : [];
    for (const f of photoFiles) expect(left).not.toContain(f);
    expect((await db.selectFrom('events').select('spots_left').where('id', '=', eventId).executeTakeFirstOrThrow()).spots_left).toBe(spotsBefore + 1);
    // History stays, pointing at the anonymous account.
    expect(await db.selectFrom('rentals').select('id').where('id', '=', rental.id as number).execute()).toHaveLength(1);
    // The address is free again.
    expect((await t.request('/api/auth/sign-up/email', { method: 'POST', json: { email: m.email, password: 'fresh start garden', name: 'D', fullName: 'Delia Again', gender: 'female' } })).status).toBe(200);
  });

  it('limits password attempts per member', async () => {
    const m = await t.signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await del(m, `wrong guess ${i}`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 403)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(await whoIs(m.cookie)).toBe(m.id);
  });
});

describe(`deleting an account while her piece is being booked (${process.env.TEST_DIALECT})`, () => {
  it('never leaves an open rental on a deleted account: one of the two wins, 20 times', { timeout: 180_000 }, async () => {
    const outcomes = { deleted: 0, booked: 0 };
    for (let trial = 0; trial < 20; trial += 1) {
      const owner = await t.signUp({ fullName: `Owner ${trial}` });
      const renter = await readyToRent(await t.signUp({ fullName: `Renter ${trial}` }));
      const photo = { data: await makePng(120, 160), name: 'p.png', type: 'image/png' };
      const listing = await ok(owner.request('/api/listings', { method: 'POST', body: listingForm(sampleListing({ name: `Race Gown ${trial}` }), [photo]) }), 201);
      // The deletion first checks the password (a slow hash: timed here with a wrong one); the
      // booking starts a little later each trial, so the two meet at every point of each other's
      // transaction (the timing only spreads the interleavings; nothing asserts on it).
      const started = performance.now();
      expect((await del(owner, 'a wrong password')).status).toBe(403);
      const hashMs = performance.now() - started;
      const book = async () => {
        await new Promise((r) => setTimeout(r, (hashMs * 1.4 * trial) / 19));
        return renter.request('/api/lending/requests', { method: 'POST', json: { itemId: listing.id, size: 'M' } });
      };
      const [deletion, booking] = await Promise.all([del(owner, owner.password), book()]);
      const open = await t.ctx.database.db.selectFrom('rentals').select('id').where('item_id', '=', listing.id as number).where('returned_at', 'is', null).execute();
      if (deletion.status === 204) {
        outcomes.deleted += 1;
        expect(booking.status, `trial ${trial}: the booking of a deleted member's piece`).toBeGreaterThanOrEqual(400);
        expect(open).toEqual([]);
      } else {
        outcomes.booked += 1;
        expect(deletion.status, `trial ${trial}`).toBe(409);
        expect(booking.status).toBe(201);
        expect(open).toHaveLength(1);
      }
    }
    console.log(`delete vs book (${t.dialect}): ${outcomes.deleted} deletions won, ${outcomes.booked} bookings won`);
  });
});

describe(`deleting an account while she books a piece herself (${process.env.TEST_DIALECT})`, () => {
  it('never leaves an open rental on a deleted account: one of the two wins, 20 times', { timeout: 180_000 }, async () => {
    const outcomes = { deleted: 0, booked: 0 };
    for (let trial = 0; trial < 20; trial += 1) {
      const member = await readyToRent(await t.signUp({ fullName: `Leaver ${trial}` }));
      const itemId = await houseItem();
      const started = performance.now();
      expect((await del(member, 'a wrong password')).status).toBe(403);
      const hashMs = performance.now() - started;
      const book = async () => {
        // Spreads the interleavings over the deletion's transaction; nothing asserts on timing.
        await new Promise((r) => setTimeout(r, (hashMs * 1.4 * trial) / 19));
        return member.request('/api/rentals', { method: 'POST', json: { itemId, size: 'M' } });
      };
      const [deletion, booking] = await Promise.all([del(member, member.password), book()]);
      const open = await t.ctx.database.db.selectFrom('rentals').select('id').where('user_id', '=', member.id).where('returned_at', 'is', null).execute();
      if (deletion.status === 204) {
        outcomes.deleted += 1;
        expect(open, `trial ${trial}: an open rental on a deleted account`).toEqual([]);
        expect(booking.status).toBeGreaterThanOrEqual(400);
      } else {
        outcomes.booked += 1;
        expect(deletion.status, `trial ${trial}`).toBe(409);
        expect(booking.status).toBe(201);
        expect(open).toHaveLength(1);
      }
    }
    console.log(`delete vs own booking (${t.dialect}): ${outcomes.deleted} deletions won, ${outcomes.booked} bookings won`);
  });
});
