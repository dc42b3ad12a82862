import { expect } from 'vitest';
import { ownOnly, photoForm, refused, staffOnly, type Case } from './matrix';
import { listingForm, makePng, sampleListing } from '../../features/listings/listings.test-helpers';
import { businessDayFromToday } from '../business-day';

/** The access matrix's cases (keys are "METHOD /api/path/{param}" exactly as in the OpenAPI document). */
export const LISTING_CASES: Record<string, Case> = {
  // Listings
  'GET /api/listings': ownOnly(
    () => ({ method: 'GET', path: '/api/listings' }),
    (st, body) => {
      const ids = (body.listings as { id: number }[]).map((l) => l.id);
      expect(ids).not.toContain(st.aListingId);
      expect(ids).not.toContain(st.aRentedListingId);
      expect(body.totalEarningsCents).toBe(0);
    },
  ),
  'POST /api/listings': ownOnly(
    (st) => ({
      method: 'POST',
      path: '/api/listings',
      form: async () =>
        listingForm({ ...sampleListing({ name: 'Bram Linen Dress' }), ownerId: st.a.id, owner_id: st.a.id }, [
          { data: await makePng(120, 160), name: 'b.png', type: 'image/png' },
        ]),
    }),
    async (st, body) => {
      const row = await st.t.ctx.database.db
        .selectFrom('items')
        .select('owner_id')
        .where('id', '=', body.id as number)
        .executeTakeFirstOrThrow();
      expect(row.owner_id).toBe(st.b.id);
    },
  ),
  'GET /api/listings/{id}': refused((st) => ({ method: 'GET', path: `/api/listings/${st.aListingId}` })),
  'PATCH /api/listings/{id}': refused((st) => ({
    method: 'PATCH',
    path: `/api/listings/${st.aListingId}`,
    json: { name: 'Taken Over', rentalPriceCents: 1_000 },
  })),
  'DELETE /api/listings/{id}': refused((st) => ({ method: 'DELETE', path: `/api/listings/${st.aListingId}` })),
  'POST /api/listings/{id}/photos': refused((st) => ({
    method: 'POST',
    path: `/api/listings/${st.aListingId}/photos`,
    form: photoForm,
  })),
  'DELETE /api/listings/{id}/photos/{position}': refused((st) => ({
    method: 'DELETE',
    path: `/api/listings/${st.aListingId}/photos/1`,
  })),
  // Public once approved, like the catalogue: the photo, nothing about its owner. A listing in
  // review shows its photos to its owner and staff only.
  'GET /api/listings/{id}/photos/{position}': {
    target: (st) => ({ method: 'GET', path: `/api/listings/${st.aListingId}/photos/0` }),
    expect: async (st, res, _text, who) => {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\//);
      const pending = `/api/listings/${st.aPendingListingId}/photos/0`;
      expect((who ? await who.request(pending) : await st.t.request(pending)).status).toBe(404);
    },
  },

  // Notifications (A has some: her listings were approved)
  'GET /api/notifications': ownOnly(
    () => ({ method: 'GET', path: '/api/notifications' }),
    (st, body) => {
      expect((body.notifications as { id: number }[]).map((n) => n.id)).not.toContain(st.aNotificationId);
      expect(body.unreadCount).toBe(0);
    },
  ),
  'GET /api/notifications/unread-count': ownOnly(
    () => ({ method: 'GET', path: '/api/notifications/unread-count' }),
    (_st, body) => {
      expect(body.unreadCount).toBe(0);
    },
  ),
  'POST /api/notifications/{id}/read': refused((st) => ({
    method: 'POST',
    path: `/api/notifications/${st.aNotificationId}/read`,
  })),
  // B marks her own (none): A's stay unread (the snapshot of A's rows checks it).
  'POST /api/notifications/read-all': ownOnly(
    () => ({ method: 'POST', path: '/api/notifications/read-all' }),
    (_st, body) => {
      expect(body.unreadCount).toBe(0);
    },
  ),

  // The waitlist and shortlists (decision 0034): B sees and changes only her own.
  'GET /api/waitlist': ownOnly(
    () => ({ method: 'GET', path: '/api/waitlist' }),
    (st, body) => {
      expect((body.entries as { id: number }[]).map((e) => e.id)).not.toContain(st.aWaitlistEntryId);
    },
  ),
  'POST /api/waitlist': {
    // B joins for herself (a userId in the body is not a field), for a piece of nobody's: 409, it is free to book.
    target: (st) => ({
      method: 'POST',
      path: '/api/waitlist',
      json: {
        itemId: st.freeItemId,
        size: 'M',
        startDate: businessDayFromToday(0),
        endDate: businessDayFromToday(7),
        userId: st.a.id,
      },
    }),
    expect: (st, res, text) => {
      expect([201, 409], `${res.status} ${text.slice(0, 200)}`).toContain(res.status);
      expect(text).not.toContain(st.a.id);
    },
  },
  'POST /api/waitlist/{id}/confirm': refused((st) => ({
    method: 'POST',
    path: `/api/waitlist/${st.aWaitlistEntryId}/confirm`,
    json: {},
  })),
  'DELETE /api/waitlist/{id}': refused((st) => ({ method: 'DELETE', path: `/api/waitlist/${st.aWaitlistEntryId}` })),
  'GET /api/shortlists': ownOnly(
    () => ({ method: 'GET', path: '/api/shortlists' }),
    (st, body) => {
      expect((body.shortlists as { id: number }[]).map((l) => l.id)).not.toContain(st.aShortlistId);
    },
  ),
  'POST /api/shortlists': ownOnly((st) => ({
    method: 'POST',
    path: '/api/shortlists',
    json: { name: `Matrix ${Math.random().toString(36).slice(2, 8)}`, itemId: st.wishItemId, userId: st.a.id },
  })),
  'PATCH /api/shortlists/{id}': refused((st) => ({
    method: 'PATCH',
    path: `/api/shortlists/${st.aShortlistId}`,
    json: { name: 'Taken over' },
  })),
  'DELETE /api/shortlists/{id}': refused((st) => ({ method: 'DELETE', path: `/api/shortlists/${st.aShortlistId}` })),
  'PUT /api/shortlists/{id}/items/{itemId}': refused((st) => ({
    method: 'PUT',
    path: `/api/shortlists/${st.aShortlistId}/items/${st.freeItemId}`,
  })),
  'DELETE /api/shortlists/{id}/items/{itemId}': refused((st) => ({
    method: 'DELETE',
    path: `/api/shortlists/${st.aShortlistId}/items/${st.wishItemId}`,
  })),

  // Saved searches (decision 0065): B sees and changes only her own; the unsubscribe token is the key.
  'GET /api/saved-searches': ownOnly(
    () => ({ method: 'GET', path: '/api/saved-searches' }),
    (st, body) => {
      expect((body.savedSearches as { id: number }[]).map((l) => l.id)).not.toContain(st.aSavedSearchId);
    },
  ),
  'POST /api/saved-searches': ownOnly(() => ({
    method: 'POST',
    path: '/api/saved-searches',
    json: { name: `Matrix ${Math.random().toString(36).slice(2, 8)}`, params: 'category=Dresses' },
  })),
  'PATCH /api/saved-searches/{id}': refused((st) => ({
    method: 'PATCH',
    path: `/api/saved-searches/${st.aSavedSearchId}`,
    json: { alerts: false },
  })),
  'DELETE /api/saved-searches/{id}': refused((st) => ({
    method: 'DELETE',
    path: `/api/saved-searches/${st.aSavedSearchId}`,
  })),

  // The operations desk: staff only. Approve/reject aim at A's live listing: staff get 409 (only a
  // listing in review can be decided), so A's rows stay as they are.
  'GET /api/ops/listings': staffOnly(() => ({ method: 'GET', path: '/api/ops/listings' })),
  'GET /api/ops/listings/{id}': staffOnly((st) => ({
    method: 'GET',
    path: `/api/ops/listings/${st.aPendingListingId}`,
  })),
  'POST /api/ops/listings/{id}/approve': staffOnly(
    (st) => ({ method: 'POST', path: `/api/ops/listings/${st.aListingId}/approve` }),
    409,
  ),
  'POST /api/ops/listings/{id}/reject': staffOnly(
    (st) => ({
      method: 'POST',
      path: `/api/ops/listings/${st.aListingId}/reject`,
      json: { reason: 'Photos are too dark to judge.' },
    }),
    409,
  ),
  'GET /api/ops/audit': staffOnly(() => ({ method: 'GET', path: '/api/ops/audit' })),
  // Promo codes (decision 0056): staff list them; an empty form and an unknown code answer staff 400 and 404.
  'GET /api/ops/promo-codes': staffOnly(() => ({ method: 'GET', path: '/api/ops/promo-codes' })),
  'POST /api/ops/promo-codes': staffOnly(() => ({ method: 'POST', path: '/api/ops/promo-codes', json: {} }), 400),
  'PATCH /api/ops/promo-codes/{id}': staffOnly(
    () => ({ method: 'PATCH', path: '/api/ops/promo-codes/999999', json: { active: false } }),
    404,
  ),
  'GET /api/ops/today': staffOnly(() => ({ method: 'GET', path: '/api/ops/today' })),
  'GET /api/ops/inventory': staffOnly(() => ({ method: 'GET', path: '/api/ops/inventory' })),
  // The unit's life: reads aim at A's rental and unit; moves at C's cancelled reservation (409,
  // nothing to move) or at units of a piece of nobody's, so A's rows stay as they are.
  'GET /api/ops/rentals/{id}': staffOnly((st) => ({ method: 'GET', path: `/api/ops/rentals/${st.aRentalId}` })),
  'POST /api/ops/rentals/{id}/dispatch': staffOnly(
    (st) => ({ method: 'POST', path: `/api/ops/rentals/${st.cCancelledRentalId}/dispatch` }),
    409,
  ),
  'POST /api/ops/rentals/{id}/hand-over': staffOnly(
    (st) => ({ method: 'POST', path: `/api/ops/rentals/${st.cCancelledRentalId}/hand-over` }),
    409,
  ),
  'POST /api/ops/rentals/{id}/late-fee/waive': staffOnly(
    (st) => ({
      method: 'POST',
      path: `/api/ops/rentals/${st.cCancelledRentalId}/late-fee/waive`,
      json: { reason: 'Goodwill for a loyal member.' },
    }),
    409,
  ),
  'POST /api/ops/rentals/{id}/condition-photos': staffOnly(
    (st) => ({ method: 'POST', path: `/api/ops/rentals/${st.cCancelledRentalId}/condition-photos`, form: photoForm }),
    409,
  ),
  'GET /api/ops/rentals/{id}/condition-photos/{position}': staffOnly(
    (st) => ({ method: 'GET', path: `/api/ops/rentals/${st.cCancelledRentalId}/condition-photos/0` }),
    404,
  ),
  'GET /api/ops/units': staffOnly(() => ({ method: 'GET', path: '/api/ops/units?state=cleaning' })),
  'GET /api/ops/units/{code}': staffOnly((st) => ({ method: 'GET', path: `/api/ops/units/${st.aUnitCode}` })),
  // The garment's passport on the desk (decision 0059): a unit's whole history, members' names included.
  'GET /api/ops/passport/units/{code}': staffOnly((st) => ({
    method: 'GET',
    path: `/api/ops/passport/units/${st.aUnitCode}`,
  })),
  'POST /api/ops/units/{code}/check-in': staffOnly(
    (st) => ({ method: 'POST', path: `/api/ops/units/${st.opsUnitCodes[2]}/check-in`, json: { condition: 'good' } }),
    409,
  ),
  'POST /api/ops/units/{code}/cleaning-done': staffOnly(
    (st) => ({ method: 'POST', path: `/api/ops/units/${st.opsUnitCodes[2]}/cleaning-done` }),
    409,
  ),
  'POST /api/ops/units/{code}/repair': staffOnly((st) => ({
    method: 'POST',
    path: `/api/ops/units/${st.opsUnitCodes[0]}/repair`,
    json: { note: 'Loose hem' },
  })),
  'POST /api/ops/units/{code}/repair-done': staffOnly(
    (st) => ({ method: 'POST', path: `/api/ops/units/${st.opsUnitCodes[2]}/repair-done`, json: {} }),
    409,
  ),
  'POST /api/ops/units/{code}/retire': staffOnly((st) => ({
    method: 'POST',
    path: `/api/ops/units/${st.opsUnitCodes[1]}/retire`,
    json: { reason: 'Worn through' },
  })),
  // Inventory: a new house piece is nobody's; A's listing is hers to change (409), readable by staff.
  'POST /api/ops/items': staffOnly(
    () => ({
      method: 'POST',
      path: '/api/ops/items',
      json: {
        name: 'Matrix Trench',
        brand: 'Burberry',
        category: 'Jackets',
        gender: 'Women',
        colour: 'beige',
        description: 'A trench for the access matrix.',
        retailPriceCents: 190_000,
        units: [{ size: 'M', count: 1 }],
      },
    }),
    201,
  ),
  'GET /api/ops/items/{id}': staffOnly((st) => ({ method: 'GET', path: `/api/ops/items/${st.aListingId}` })),
  'PATCH /api/ops/items/{id}': staffOnly(
    (st) => ({ method: 'PATCH', path: `/api/ops/items/${st.aListingId}`, json: { name: 'Taken Over' } }),
    409,
  ),
  'POST /api/ops/items/{id}/units': staffOnly(
    (st) => ({ method: 'POST', path: `/api/ops/items/${st.aListingId}/units`, json: { size: 'M', count: 1 } }),
    409,
  ),
  'PUT /api/ops/items/{id}/photos': staffOnly(
    (st) => ({ method: 'PUT', path: `/api/ops/items/${st.aListingId}/photos`, form: photoForm }),
    409,
  ),
  'DELETE /api/ops/items/{id}/photos': staffOnly(
    (st) => ({ method: 'DELETE', path: `/api/ops/items/${st.aListingId}/photos` }),
    409,
  ),
  // Managed lending (decision 0062): her pieces in our care are hers; the desk's steps are staff only.
  'GET /api/managed': ownOnly(
    () => ({ method: 'GET', path: '/api/managed' }),
    (_st, body) => expect(body.pieces).toEqual([]),
  ),
  'GET /api/managed/travelling': ownOnly(() => ({ method: 'GET', path: '/api/managed/travelling' })),
  'PUT /api/managed/travelling': ownOnly(() => ({
    method: 'PUT',
    path: '/api/managed/travelling',
    json: { until: null },
  })),
  'GET /api/managed/items/{id}': refused((st) => ({ method: 'GET', path: `/api/managed/items/${st.aListingId}` })),
  'POST /api/managed/items/{id}/intake': refused((st) => ({
    method: 'POST',
    path: `/api/managed/items/${st.aListingId}/intake`,
    json: { method: 'pickup', day: businessDayFromToday(3), address: '1 Taken Over Street, Paris' },
  })),
  'POST /api/managed/items/{id}/recall': refused((st) => ({
    method: 'POST',
    path: `/api/managed/items/${st.aListingId}/recall`,
    json: { method: 'parcel', day: businessDayFromToday(30), address: '1 Taken Over Street, Paris' },
  })),
  'POST /api/managed/items/{id}/switch': refused((st) => ({
    method: 'POST',
    path: `/api/managed/items/${st.aListingId}/switch`,
  })),
  'POST /api/managed/items/{id}/renew': refused((st) => ({
    method: 'POST',
    path: `/api/managed/items/${st.aListingId}/renew`,
  })),
  'GET /api/ops/managed': staffOnly(() => ({ method: 'GET', path: '/api/ops/managed' })),
  'POST /api/ops/managed/intakes/{id}/receive': staffOnly(
    () => ({ method: 'POST', path: '/api/ops/managed/intakes/999999/receive' }),
    404,
  ),
  'POST /api/ops/managed/intakes/{id}/check': staffOnly(
    () => ({ method: 'POST', path: '/api/ops/managed/intakes/999999/check', json: { accept: true, note: 'Fine.' } }),
    404,
  ),
  'POST /api/ops/managed/intakes/{id}/live': staffOnly(
    () => ({ method: 'POST', path: '/api/ops/managed/intakes/999999/live' }),
    404,
  ),
  'POST /api/ops/managed/recalls/{id}/send-back': staffOnly(
    () => ({ method: 'POST', path: '/api/ops/managed/recalls/999999/send-back' }),
    404,
  ),
};
