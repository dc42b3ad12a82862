import { expect } from 'vitest';
import { A_NAME, isoDay, json, ownOnly, photoForm, refused, staffOnly, type Case } from './matrix';
import { ApiErrorSchema } from '../../../domain/errors';

/** The access matrix's cases (keys are "METHOD /api/path/{param}" exactly as in the OpenAPI document). */
export const RENTAL_CASES: Record<string, Case> = {
  // Rentals
  'GET /api/rentals': ownOnly(
    () => ({ method: 'GET', path: '/api/rentals?status=all' }),
    (st, body) => {
      expect((body.rentals as { id: number }[]).map((r) => r.id)).not.toContain(st.aRentalId);
    },
  ),
  // B cannot take the unit A holds (the only one), even naming A.
  'POST /api/rentals': {
    target: (st) => ({
      method: 'POST',
      path: '/api/rentals',
      json: { itemId: st.aRentedItemId, size: 'M', userId: st.a.id },
    }),
    expect: async (st, res, text, who) => {
      expect(res.status, text).toBe(409);
      expect(json(text).error?.code).toBe('SOLD_OUT');
      if (!who) return;
      // A booking of another piece naming A is B's own.
      const own = await who.request('/api/rentals', {
        method: 'POST',
        json: { itemId: st.freeItemId, size: 'M', userId: st.a.id, user_id: st.a.id },
      });
      expect(own.status).toBe(201);
      const { id } = (await own.json()) as { id: number };
      const row = await st.t.ctx.database.db
        .selectFrom('rentals')
        .select('user_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.user_id).toBe(who.id);
    },
  },
  'GET /api/rentals/{id}': refused((st) => ({ method: 'GET', path: `/api/rentals/${st.aRentalId}` })),
  'POST /api/rentals/{id}/extend': refused((st) => ({ method: 'POST', path: `/api/rentals/${st.aRentalId}/extend` })),
  'POST /api/rentals/{id}/return': refused((st) => ({ method: 'POST', path: `/api/rentals/${st.aRentalId}/return` })),
  'POST /api/rentals/{id}/received': refused((st) => ({
    method: 'POST',
    path: `/api/rentals/${st.aRentalId}/received`,
  })),
  'POST /api/rentals/{id}/cancel': refused((st) => ({ method: 'POST', path: `/api/rentals/${st.aRentalId}/cancel` })),
  // Keep it (decision 0059): B cannot buy the piece A is renting.
  'POST /api/rentals/{id}/keep': refused((st) => ({ method: 'POST', path: `/api/rentals/${st.aRentalId}/keep` })),
  // The garment's passport is public and names no member (A rents a unit of this item).
  'GET /api/passport/items/{id}': ownOnly(
    (st) => ({ method: 'GET', path: `/api/passport/items/${st.aRentedItemId}` }),
    (_st, body) => {
      expect(JSON.stringify(body)).not.toContain(A_NAME);
    },
  ),

  // Dashboard
  'GET /api/dashboard': ownOnly(
    () => ({ method: 'GET', path: '/api/dashboard' }),
    (st, body) => {
      expect(body.fullName).toBe(st.b.fullName);
      expect(body.totalEarningsCents).toBe(0);
    },
  ),

  // Public routes with path parameters, aimed at A's listing and rental: no trace of A.
  'GET /api/items/{id}': ownOnly(
    (st) => ({ method: 'GET', path: `/api/items/${st.aRentedListingId}` }),
    (st, body) => {
      expect(body).toMatchObject({ id: st.aRentedListingId, fromMember: true });
    },
  ),
  'GET /api/items/{id}/similar': ownOnly((st) => ({
    method: 'GET',
    path: `/api/items/${st.aRentedListingId}/similar`,
  })),
  'GET /api/items/{id}/complete-the-look': ownOnly((st) => ({
    method: 'GET',
    path: `/api/items/${st.aRentedListingId}/complete-the-look`,
  })),
  'GET /api/items/by-slug/{slug}': ownOnly((st) => ({ method: 'GET', path: `/api/items/by-slug/${st.slug}` })),
  'GET /api/items/{id}/availability': ownOnly((st) => ({
    method: 'GET',
    path: `/api/items/${st.aRentedItemId}/availability?from=${isoDay(0)}&to=${isoDay(7)}`,
  })),
  'GET /api/items/{id}/calendar': ownOnly(
    (st) => ({
      method: 'GET',
      path: `/api/items/${st.aRentedItemId}/calendar?size=M&from=${isoDay(0)}&to=${isoDay(14)}`,
    }),
    (_st, body) => {
      // A holds the only unit for the week: no day of it is free, to anyone.
      expect((body.dates as { free: boolean }[]).slice(0, 7).every((d) => !d.free)).toBe(true);
    },
  ),
  'GET /api/items/{id}/image.svg': {
    target: (st) => ({ method: 'GET', path: `/api/items/${st.aRentedItemId}/image.svg` }),
    expect: (_st, res) => expect(res.status).toBe(200),
  },
  'GET /api/items/{id}/pictures/{file}': {
    target: (st) => ({ method: 'GET', path: `/api/items/${st.aRentedItemId}/pictures/back.svg` }),
    expect: (_st, res) => expect(res.status).toBe(200),
  },
  // A piece in A's history (she rented it): its nameless picture is hers, not B's.
  'GET /api/items/{id}/past-pictures/{file}': refused((st) => ({
    method: 'GET',
    path: `/api/items/${st.aRentedItemId}/past-pictures/front.svg`,
  })),

  // Ratings, payouts and damage claims between members (decision 0036).
  'GET /api/ratings': ownOnly(
    () => ({ method: 'GET', path: '/api/ratings' }),
    (_st, body) => {
      expect(body.rentals).toEqual([]);
    },
  ),
  'GET /api/ratings/rentals/{id}': refused((st) => ({ method: 'GET', path: `/api/ratings/rentals/${st.aRentalId}` })),
  'POST /api/ratings': refused((st) => ({
    method: 'POST',
    path: '/api/ratings',
    json: { rentalId: st.aRentalId, stars: 1 },
  })),
  'GET /api/payouts/account': ownOnly(() => ({ method: 'GET', path: '/api/payouts/account' })),
  'PUT /api/payouts/account': ownOnly(
    () => ({
      method: 'PUT',
      path: '/api/payouts/account',
      json: { holderName: 'Bram Mallory', routingNumber: '011000015', accountNumber: '99887766' },
    }),
    (_st, body) => expect(body).toMatchObject({ holderName: 'Bram Mallory', lastFour: '7766' }),
  ),
  'GET /api/payouts/statement': ownOnly(
    () => ({ method: 'GET', path: '/api/payouts/statement' }),
    (_st, body) => {
      expect(body).toMatchObject({ availableCents: 0, pendingCents: 0, paidOutCents: 0, lines: [], payouts: [] });
    },
  ),
  'GET /api/payouts/statement.csv': {
    target: () => ({ method: 'GET', path: '/api/payouts/statement.csv' }),
    expect: (_st, res, text) => {
      expect(res.status).toBe(200);
      expect(text.trimEnd().split('\r\n')).toHaveLength(1);
    },
  },
  // B has nothing to pay out: 409, and nothing of A's is paid.
  'POST /api/payouts': {
    target: () => ({ method: 'POST', path: '/api/payouts' }),
    expect: (_st, res, text) => {
      expect(res.status, text).toBe(409);
      expect(ApiErrorSchema.safeParse(json(text)).success).toBe(true);
    },
  },
  'GET /api/claims': ownOnly(
    () => ({ method: 'GET', path: '/api/claims' }),
    (_st, body) => expect(body.claims).toEqual([]),
  ),
  'GET /api/claims/claimable': ownOnly(
    () => ({ method: 'GET', path: '/api/claims/claimable' }),
    (_st, body) => expect(body.rentals).toEqual([]),
  ),
  'POST /api/claims': refused((st) => ({
    method: 'POST',
    path: '/api/claims',
    form: async () => {
      const form = await photoForm();
      form.set(
        'data',
        JSON.stringify({
          rentalId: st.aRentalId,
          amountCents: 1_000,
          description: 'Claiming on a rental of someone else',
        }),
      );
      return form;
    },
  })),
  'GET /api/claims/{id}/photos/{position}': refused(() => ({ method: 'GET', path: '/api/claims/1/photos/0' })),
  'GET /api/ops/claims': staffOnly(() => ({ method: 'GET', path: '/api/ops/claims' })),
  'GET /api/ops/claims/{id}': staffOnly(() => ({ method: 'GET', path: '/api/ops/claims/999999' }), 404),
  'POST /api/ops/claims/{id}/uphold': staffOnly(
    () => ({ method: 'POST', path: '/api/ops/claims/999999/uphold', json: { note: 'Upheld by the matrix' } }),
    404,
  ),
  'POST /api/ops/claims/{id}/reject': staffOnly(
    () => ({ method: 'POST', path: '/api/ops/claims/999999/reject', json: { note: 'Rejected by the matrix' } }),
    404,
  ),
  'POST /api/ops/claims/{id}/retry-charge': staffOnly(
    () => ({ method: 'POST', path: '/api/ops/claims/999999/retry-charge' }),
    404,
  ),
  // Problem reports (decision 0060): only her rental's renter reports, its two members read; staff resolve.
  'GET /api/reports/rentals/{id}': refused((st) => ({ method: 'GET', path: `/api/reports/rentals/${st.aRentalId}` })),
  'POST /api/reports': refused((st) => ({
    method: 'POST',
    path: '/api/reports',
    form: async () => {
      const form = await photoForm();
      form.set(
        'data',
        JSON.stringify({ rentalId: st.aRentalId, reason: 'damaged', note: 'Reporting a rental of someone else' }),
      );
      return form;
    },
  })),
  'POST /api/reports/{id}/answer': refused(() => ({
    method: 'POST',
    path: '/api/reports/999999/answer',
    json: { answer: 'accept', note: 'Accepted by the matrix' },
  })),
  'GET /api/reports/{id}/photos/{position}': refused(() => ({ method: 'GET', path: '/api/reports/1/photos/0' })),
  'GET /api/ops/reports': staffOnly(() => ({ method: 'GET', path: '/api/ops/reports' })),
  'POST /api/ops/reports/{id}/resolve': staffOnly(
    () => ({
      method: 'POST',
      path: '/api/ops/reports/999999/resolve',
      json: { outcome: 'rejected', note: 'Rejected by the matrix' },
    }),
    404,
  ),
  // Reviews and fit (issue 17 part A): only the renter reviews her rental; fit details are her own.
  'POST /api/reviews/rentals/{id}': refused((st) => ({
    method: 'POST',
    path: `/api/reviews/rentals/${st.aRentalId}`,
    form: async () => {
      const form = await photoForm();
      form.set(
        'data',
        JSON.stringify({ rating: 1, fit: 'runs_small', sizeWorn: 'M', text: 'Not my rental, but a review anyway.' }),
      );
      return form;
    },
  })),
  'GET /api/reviews/items/{id}': ownOnly((st) => ({ method: 'GET', path: `/api/reviews/items/${st.aRentedItemId}` })),
  'GET /api/reviews/{id}/photos/{position}': {
    target: () => ({ method: 'GET', path: '/api/reviews/999999/photos/0' }),
    expect: (_st, res) => expect(res.status).toBe(404),
  },
  'GET /api/reviews/items/{id}/size-advice': ownOnly(
    (st) => ({ method: 'GET', path: `/api/reviews/items/${st.aRentedItemId}/size-advice` }),
    (_st, body) => {
      expect(body.status).toBe('no_fit_details');
    },
  ),
  'GET /api/reviews/mine': ownOnly(
    () => ({ method: 'GET', path: '/api/reviews/mine' }),
    (_st, body) => {
      expect(body.rentals).toEqual([]);
      expect((body.fit as { heightCm: unknown }).heightCm).toBeNull();
    },
  ),
  'GET /api/reviews/fit-details': ownOnly(
    () => ({ method: 'GET', path: '/api/reviews/fit-details' }),
    (_st, body) => {
      expect((body.fit as { heightCm: unknown }).heightCm).toBeNull();
    },
  ),
  'PUT /api/reviews/fit-details': ownOnly(
    (st) => ({
      method: 'PUT',
      path: '/api/reviews/fit-details',
      json: { heightCm: 181, bustCm: null, waistCm: null, hipsCm: null, usualSize: 'L', userId: st.a.id },
    }),
    (_st, body) => {
      expect((body.fit as { heightCm: unknown }).heightCm).toBe(181);
    },
  ),
  // Lending between members (decision 0035): the request between C (renter) and A (lender)
  'GET /api/lending/requests': ownOnly(
    () => ({ method: 'GET', path: '/api/lending/requests' }),
    (st, body) => {
      const all = [...(body.incoming as { id: number }[]), ...(body.outgoing as { id: number }[])].map((r) => r.id);
      expect(all).not.toContain(st.aRequestId);
    },
  ),
  // A's listing still in review: not requestable by anyone.
  'POST /api/lending/requests': refused((st) => ({
    method: 'POST',
    path: '/api/lending/requests',
    json: { itemId: st.aPendingListingId, size: 'M', userId: st.a.id },
  })),
  'GET /api/lending/requests/{id}': refused((st) => ({
    method: 'GET',
    path: `/api/lending/requests/${st.aRequestId}`,
  })),
  'GET /api/lending/rentals/{id}/request': refused((st) => ({
    method: 'GET',
    path: `/api/lending/rentals/${st.aRequestRentalId}/request`,
  })),
  'POST /api/lending/requests/{id}/accept': refused((st) => ({
    method: 'POST',
    path: `/api/lending/requests/${st.aRequestId}/accept`,
  })),
  'POST /api/lending/requests/{id}/decline': refused((st) => ({
    method: 'POST',
    path: `/api/lending/requests/${st.aRequestId}/decline`,
  })),
  'POST /api/lending/requests/{id}/withdraw': refused((st) => ({
    method: 'POST',
    path: `/api/lending/requests/${st.aRequestId}/withdraw`,
  })),
  'POST /api/lending/requests/{id}/send': refused((st) => ({
    method: 'POST',
    path: `/api/lending/requests/${st.aRequestId}/send`,
  })),
  'POST /api/lending/requests/{id}/back': refused((st) => ({
    method: 'POST',
    path: `/api/lending/requests/${st.aRequestId}/back`,
    json: { condition: 'good' },
  })),
  'POST /api/lending/requests/{id}/clean': refused((st) => ({
    method: 'POST',
    path: `/api/lending/requests/${st.aRequestId}/clean`,
  })),
  'POST /api/lending/requests/{id}/photos/{stage}': refused((st) => ({
    method: 'POST',
    path: `/api/lending/requests/${st.aRequestId}/photos/sent`,
    form: photoForm,
  })),
  'GET /api/lending/rentals/{id}/photos/{stage}/{position}': refused((st) => ({
    method: 'GET',
    path: `/api/lending/rentals/${st.aRequestRentalId}/photos/sent/0`,
  })),
  'GET /api/lending/threads/{id}': refused((st) => ({
    method: 'GET',
    path: `/api/lending/threads/${st.aRequestRentalId}`,
  })),
  'POST /api/lending/threads/{id}/messages': refused((st) => ({
    method: 'POST',
    path: `/api/lending/threads/${st.aRequestRentalId}/messages`,
    json: { body: 'Hello from B' },
  })),
  'GET /api/lending/unread': ownOnly(
    () => ({ method: 'GET', path: '/api/lending/unread' }),
    (_st, body) => {
      expect(body.unreadCount).toBe(0);
    },
  ),
  'GET /api/lending/items/{id}/calendar': refused((st) => ({
    method: 'GET',
    path: `/api/lending/items/${st.aListingId}/calendar`,
  })),
  'POST /api/lending/items/{id}/blocks': refused((st) => ({
    method: 'POST',
    path: `/api/lending/items/${st.aListingId}/blocks`,
    json: { startDate: isoDay(40), endDate: isoDay(42) },
  })),
  'DELETE /api/lending/items/{id}/blocks/{blockId}': refused((st) => ({
    method: 'DELETE',
    path: `/api/lending/items/${st.aListingId}/blocks/${st.aBlockId}`,
  })),
};
