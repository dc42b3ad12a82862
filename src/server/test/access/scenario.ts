import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import { addDays } from '../../../domain/catalogue.rules';
import { isStudioOpen } from '../../../domain/support.rules';
import { unitCode } from '../../../domain/unit-life';
import { listingForm, makePng, sampleListing } from '../../features/listings/listings.test-helpers';
import { businessDayFromToday } from '../business-day';
import { makeItem } from '../factories';
import { readyToRent, requestAndAccept } from '../renter';
import { approveListing, makeStaff } from '../staff';
import type { TestApp } from '../test-app';
import { A_CARD_HOLDER, A_MEN_INDEX, A_MONTHLY_ITEMS, A_NAME, A_STREET, CARD, isoDay, type Scenario } from './matrix';
import { verified } from '../verified';

/** Member A's resources (one of everything), and B, C and staff member S, made through the API. */
export async function buildScenario(t: TestApp): Promise<Scenario> {
  const { db } = t.ctx.database;
  const a = await t.signUp({ fullName: A_NAME, email: `aurelia.${Date.now()}@example.com` });
  const b = await t.signUp({ fullName: 'Bram Mallory' });
  // A lends, and B lists a piece in her own case: lending asks a verified identity (decision 0068).
  await verified(a);
  await verified(b);
  const c = await t.signUp({ fullName: 'Cleo Renter' });

  // Two house items: one with a single unit (A's rental), one with two (for B's own booking).
  const house = (units: number) =>
    makeItem(t, {
      name: `Access Blazer ${units}`,
      units,
      reviewCount: 1,
      description: 'A piece for the access matrix.',
      createdAt: new Date().toISOString(),
    });
  const aRentedItemId = await house(1);
  const freeItemId = await house(2);

  const ok = async (res: Response | Promise<Response>, status = 200) => {
    const r = await res;
    const text = await r.text();
    expect(r.status, text).toBe(status);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  await ok(
    a.request('/api/plans/subscription', { method: 'PUT', json: { plan: 'monthly', itemCount: A_MONTHLY_ITEMS } }),
  );
  await ok(a.request('/api/plans/payment-method', { method: 'PUT', json: CARD(A_CARD_HOLDER, A_STREET) }));
  const studios = (await ok(t.request('/api/orders/studios'))) as { studios: { id: number }[] };
  await ok(
    a.request('/api/orders/delivery-address', {
      method: 'PUT',
      json: { recipientName: A_NAME, line1: A_STREET, city: 'Brooklyn', state: 'NY', zipCode: '11201' },
    }),
  );
  await ok(
    a.request('/api/plans/pickup', { method: 'PUT', json: { option: 'in-store', studioId: studios.studios[0]!.id } }),
  );
  // B and C rent pay-per-item: a card, a delivery address, delivery chosen (decision 0030).
  await ok(b.request('/api/plans/payment-method', { method: 'PUT', json: CARD('Bram Mallory', '1 Mallory Lane') }));
  await ok(
    b.request('/api/orders/delivery-address', {
      method: 'PUT',
      json: { recipientName: 'Bram Mallory', line1: '1 Mallory Lane', city: 'Brooklyn', state: 'NY', zipCode: '11201' },
    }),
  );
  await ok(b.request('/api/plans/pickup', { method: 'PUT', json: { option: 'online' } }));
  await ok(
    a.request('/api/reviews/fit-details', {
      method: 'PUT',
      json: { heightCm: 166, bustCm: 86, waistCm: 68, hipsCm: 94, usualSize: 'S' },
    }),
  );
  await readyToRent(c);

  const deck = (await ok(a.request('/api/match/deck?gender=Women'))) as { items: { item: { id: number } }[] };
  const [liked, skipped, wish] = deck.items.map((e) => e.item.id);
  if (!liked || !skipped || !wish) throw new Error('the deck needs three items');
  await ok(a.request('/api/match/swipes', { method: 'POST', json: { itemId: liked, action: 'like' } }));
  await ok(a.request('/api/match/swipes', { method: 'POST', json: { itemId: skipped, action: 'skip' } }));
  await ok(a.request(`/api/favorites/${wish}`, { method: 'PUT' }));
  await ok(a.request('/api/match/progress', { method: 'PUT', json: { gender: 'Men', lastItemIndex: A_MEN_INDEX } }));

  const events = (await ok(a.request('/api/events'))) as { events: { id: number }[] };
  const eventId = events.events[0]!.id;
  await ok(a.request(`/api/events/${eventId}/rsvp`, { method: 'POST' }), 201);

  const photo = { data: await makePng(200, 260), name: 'a.png', type: 'image/png' };
  const rentedListing = await ok(
    a.request('/api/listings', {
      method: 'POST',
      body: listingForm(sampleListing({ name: 'Aurelia Rented Gown' }), [photo]),
    }),
    201,
  );
  const listing = await ok(
    a.request('/api/listings', {
      method: 'POST',
      body: listingForm(sampleListing({ name: 'Aurelia Silk Slip' }), [photo, photo]),
    }),
    201,
  );
  const pendingListing = await ok(
    a.request('/api/listings', {
      method: 'POST',
      body: listingForm(sampleListing({ name: 'Aurelia Velvet Cape' }), [photo]),
    }),
    201,
  );
  const staff = await makeStaff(t, { fullName: 'Sasha Staff' });
  await approveListing(staff, rentedListing.id as number);
  await approveListing(staff, listing.id as number);
  const cRequestRental = await ok(await requestAndAccept(c, a, { itemId: rentedListing.id, size: 'M' }), 201);
  const aRequest = await db
    .selectFrom('booking_requests')
    .select('id')
    .where('rental_id', '=', cRequestRental.id as number)
    .executeTakeFirstOrThrow();
  await ok(
    c.request(`/api/lending/threads/${cRequestRental.id}/messages`, {
      method: 'POST',
      json: { body: 'See you Friday' },
    }),
    201,
  );
  const aBlock = await ok(
    a.request(`/api/lending/items/${listing.id}/blocks`, {
      method: 'POST',
      json: { startDate: isoDay(30), endDate: isoDay(33) },
    }),
    201,
  );
  const notification = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', a.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const rental = await ok(
    a.request('/api/rentals', { method: 'POST', json: { itemId: aRentedItemId, size: 'M' } }),
    201,
  );

  let appointmentDate = businessDayFromToday(2);
  while (!isStudioOpen(appointmentDate)) appointmentDate = addDays(appointmentDate, 1);
  await ok(
    a.request('/api/appointments', {
      method: 'POST',
      json: {
        date: appointmentDate,
        time: '10:00',
        kind: 'wardrobe-consultation',
        note: `${A_NAME} would like tailoring`,
      },
    }),
    201,
  );

  const aUnit = await db
    .selectFrom('rentals')
    .select('unit_id')
    .where('id', '=', rental.id as number)
    .executeTakeFirstOrThrow();
  const cRental = await ok(
    c.request('/api/rentals', { method: 'POST', json: { itemId: await house(1), size: 'M' } }),
    201,
  );
  await ok(c.request(`/api/rentals/${cRental.id}/cancel`, { method: 'POST' }));
  const opsItem = await house(3);
  const opsUnits = (
    await db.selectFrom('item_units').select('id').where('item_id', '=', opsItem).orderBy('unit_no').execute()
  ).map((u) => unitCode(u.id));

  const entry = await ok(
    a.request('/api/waitlist', {
      method: 'POST',
      json: { itemId: aRentedItemId, size: 'M', startDate: rental.startDate, endDate: rental.returnDate },
    }),
    201,
  );
  const shortlist = await ok(
    a.request('/api/shortlists', { method: 'POST', json: { name: `${A_NAME}'s wedding`, itemId: wish } }),
    201,
  );
  const savedSearch = await ok(
    a.request('/api/saved-searches', {
      method: 'POST',
      json: { name: `${A_NAME}'s dresses`, params: 'category=Dresses', alerts: true },
    }),
    201,
  );

  const slugRow = await db.selectFrom('items').select('slug').where('slug', 'is not', null).executeTakeFirstOrThrow();
  const aSession = await db.selectFrom('session').select('id').where('userId', '=', a.id).executeTakeFirstOrThrow();
  return {
    t,
    a,
    b,
    c,
    staff,
    aPendingListingId: pendingListing.id as number,
    aNotificationId: notification.id,
    aRentalId: rental.id as number,
    aRentedItemId,
    aRentedListingId: rentedListing.id as number,
    aListingId: listing.id as number,
    likedItemId: liked,
    skippedItemId: skipped,
    wishItemId: wish,
    eventId,
    freeItemId,
    slug: slugRow.slug!,
    aSessionId: aSession.id,
    appointmentDate,
    aUnitCode: unitCode(aUnit.unit_id),
    cCancelledRentalId: cRental.id as number,
    opsUnitCodes: [opsUnits[0]!, opsUnits[1]!, opsUnits[2]!],
    aOrderNumber: rental.orderNumber as string,
    aWaitlistEntryId: entry.id as number,
    aShortlistId: shortlist.id as number,
    aSavedSearchId: savedSearch.id as number,
    aRequestId: aRequest.id,
    aRequestRentalId: cRequestRental.id as number,
    aBlockId: aBlock.id as number,
  };
}

const USER_COLUMNS = ['user_id', 'owner_id', 'lender_id', 'userId'];
const SKIP_TABLES = new Set(['rateLimit', 'verification', 'kysely_migration', 'kysely_migration_lock']);

/** Every row of A's, in every table (found by column name, so new tables are included). */
export async function snapshotOfA(t: TestApp, s: Scenario): Promise<Record<string, string[]>> {
  const { db } = t.ctx.database;
  const aItems = (await db.selectFrom('items').select('id').where('owner_id', '=', s.a.id).execute()).map((r) => r.id);
  aItems.push(s.aRentedItemId);
  const aBookings = (
    await db
      .selectFrom('rentals')
      .select('booking_id')
      .where((eb) => eb.or([eb('user_id', '=', s.a.id), eb('lender_id', '=', s.a.id)]))
      .execute()
  ).map((r) => r.booking_id);
  const snapshot: Record<string, string[]> = {};
  for (const table of await db.introspection.getTables()) {
    if (SKIP_TABLES.has(table.name)) continue;
    const cols = new Set(table.columns.map((c) => c.name));
    const dyn = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const conditions: [string, readonly unknown[]][] = [];
    for (const col of USER_COLUMNS) if (cols.has(col)) conditions.push([col, [s.a.id]]);
    if (table.name === 'user') conditions.push(['id', [s.a.id]]);
    // Likes and views of A's pieces by others are theirs, not A's.
    if (cols.has('item_id') && table.name !== 'user_liked_items' && table.name !== 'user_viewed_items')
      conditions.push(['item_id', aItems]);
    if (table.name === 'items') conditions.push(['id', aItems]);
    if (table.name === 'bookings') conditions.push(['id', aBookings]);
    const usable = conditions.filter(([, values]) => values.length > 0);
    if (usable.length === 0) continue;
    const rows = await dyn
      .selectFrom(table.name)
      .selectAll()
      .where((eb) => eb.or(usable.map(([col, values]) => eb(col, 'in', values))))
      .execute();
    if (rows.length)
      snapshot[table.name] = rows
        .map((r) => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)))
        .sort();
  }
  return snapshot;
}
