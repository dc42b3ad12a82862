import { expect } from 'vitest';
import {
  A_MEN_INDEX,
  A_MONTHLY_ITEMS,
  A_NAME,
  CARD,
  dailyCount,
  json,
  ownOnly,
  refused,
  type Case,
  ownMove,
  staffOnly,
} from './matrix';
import { ApiErrorSchema } from '../../../domain/errors';

/** The access matrix's cases (keys are "METHOD /api/path/{param}" exactly as in the OpenAPI document). */
export const ACCOUNT_CASES: Record<string, Case> = {
  // Account
  'GET /api/me': ownOnly(
    () => ({ method: 'GET', path: '/api/me' }),
    (st, body) => {
      expect(body).toMatchObject({ email: st.b.email });
    },
  ),
  'PATCH /api/me': ownOnly(
    () => ({ method: 'PATCH', path: '/api/me', json: { fullName: 'Bram Mallory' } }),
    (st, body) => {
      expect(body).toMatchObject({ id: st.b.id, fullName: 'Bram Mallory' });
    },
  ),
  // B's own account, with a wrong password: refused, and A's account is untouched.
  'DELETE /api/me': {
    target: () => ({ method: 'DELETE', path: '/api/me', json: { password: 'not the password' } }),
    expect: (_s, res, text) => {
      expect(res.status, text).toBe(403);
      expect(ApiErrorSchema.safeParse(json(text)).success).toBe(true);
    },
  },
  'GET /api/me/sessions': ownOnly(
    () => ({ method: 'GET', path: '/api/me/sessions' }),
    (st, body) => {
      const sessions = body.sessions as { id: string; current: boolean }[];
      expect(sessions.map((x) => x.id)).not.toContain(st.aSessionId);
      expect(sessions.filter((x) => x.current)).toHaveLength(1);
    },
  ),
  // A's session, named by id: not B's to end.
  'DELETE /api/me/sessions/{sessionId}': refused((st) => ({
    method: 'DELETE',
    path: `/api/me/sessions/${st.aSessionId}`,
  })),
  'POST /api/me/sessions/sign-out-others': ownOnly(
    () => ({ method: 'POST', path: '/api/me/sessions/sign-out-others' }),
    (_st, body) => {
      expect(body.ended).toBe(0);
    },
  ),
  'GET /api/me/export': ownOnly(
    () => ({ method: 'GET', path: '/api/me/export' }),
    (st, body) => {
      expect(body.account).toMatchObject({ id: st.b.id, email: st.b.email });
    },
  ),

  // Plans
  'GET /api/plans/subscription': ownOnly(
    () => ({ method: 'GET', path: '/api/plans/subscription' }),
    (_st, body) => {
      expect(body.itemCount).not.toBe(A_MONTHLY_ITEMS);
    },
  ),
  'PUT /api/plans/subscription': ownOnly(
    (st) => ({
      method: 'PUT',
      path: '/api/plans/subscription',
      json: { plan: 'monthly', itemCount: 4, userId: st.a.id, user_id: st.a.id },
    }),
    (_st, body) => {
      expect(body).toMatchObject({ plan: 'monthly', itemCount: 4 });
    },
  ),
  // Her plan's moves (decision 0058): B's own plan only (Weekly: refused for its state).
  'POST /api/plans/subscription/pause': ownMove(() => ({
    method: 'POST',
    path: '/api/plans/subscription/pause',
    json: { months: 1 },
  })),
  'POST /api/plans/subscription/skip': ownMove(() => ({ method: 'POST', path: '/api/plans/subscription/skip' })),
  'POST /api/plans/subscription/resume': ownMove(() => ({ method: 'POST', path: '/api/plans/subscription/resume' })),
  'GET /api/plans/subscription/change': ownMove(() => ({
    method: 'GET',
    path: '/api/plans/subscription/change?plan=monthly&itemCount=5',
  })),
  'POST /api/plans/subscription/change': ownMove(() => ({
    method: 'POST',
    path: '/api/plans/subscription/change',
    json: { plan: 'monthly', itemCount: 5 },
  })),
  'POST /api/plans/subscription/cancel': ownMove(() => ({ method: 'POST', path: '/api/plans/subscription/cancel' })),
  'DELETE /api/plans/subscription/cancel': ownMove(() => ({
    method: 'DELETE',
    path: '/api/plans/subscription/cancel',
  })),
  'GET /api/plans/payment-method': ownOnly(
    () => ({ method: 'GET', path: '/api/plans/payment-method' }),
    (_st, body) => {
      const card = body.card as { cardholderName: string } | null;
      if (card) expect(card.cardholderName).toBe('Bram Mallory');
    },
  ),
  'PUT /api/plans/payment-method': ownOnly(
    (st) => ({
      method: 'PUT',
      path: '/api/plans/payment-method',
      json: { ...CARD('Bram Mallory', '1 Mallory Lane'), userId: st.a.id },
    }),
    (_st, body) => {
      expect((body.subscription as { card: { cardholderName: string } }).card.cardholderName).toBe('Bram Mallory');
    },
  ),
  'GET /api/plans/pickup': ownOnly(
    () => ({ method: 'GET', path: '/api/plans/pickup' }),
    (_st, body) => {
      // A chose in-store; B only ever chooses online.
      expect(body.option).not.toBe('in-store');
      expect(body.studioId).toBeNull();
    },
  ),
  'PUT /api/plans/pickup': ownOnly(
    (st) => ({ method: 'PUT', path: '/api/plans/pickup', json: { option: 'online', userId: st.a.id } }),
    (_st, body) => {
      expect(body.option).toBe('online');
    },
  ),

  // Orders: the delivery address, the order history and receipts
  'GET /api/orders/delivery-address': ownOnly(
    () => ({ method: 'GET', path: '/api/orders/delivery-address' }),
    (_st, body) => {
      expect((body.address as { recipientName: string } | null)?.recipientName).toBe('Bram Mallory');
    },
  ),
  'PUT /api/orders/delivery-address': ownOnly(
    (st) => ({
      method: 'PUT',
      path: '/api/orders/delivery-address',
      json: {
        recipientName: 'Bram Mallory',
        line1: '1 Mallory Lane',
        city: 'Brooklyn',
        state: 'NY',
        zipCode: '11201',
        userId: st.a.id,
      },
    }),
    (_st, body) => {
      expect(body.address).toMatchObject({ recipientName: 'Bram Mallory', line1: '1 Mallory Lane' });
    },
  ),
  'GET /api/orders': ownOnly(
    () => ({ method: 'GET', path: '/api/orders' }),
    (st, body) => {
      expect((body.orders as { number: string }[]).map((o) => o.number)).not.toContain(st.aOrderNumber);
    },
  ),
  // Store credit, referrals and gift cards (decision 0063): hers only; a code of nobody's is 404.
  'GET /api/credit': ownOnly(
    () => ({ method: 'GET', path: '/api/credit' }),
    (_st, body) => {
      expect(body).toMatchObject({ balanceCents: 0, entries: [] });
    },
  ),
  'GET /api/referrals': ownOnly(
    () => ({ method: 'GET', path: '/api/referrals' }),
    (_st, body) => {
      expect(JSON.stringify(body)).not.toContain(A_NAME.split(' ')[0]);
    },
  ),
  'GET /api/referrals/invite/{code}': refused(() => ({ method: 'GET', path: '/api/referrals/invite/NOBODY-ZZZZZ' })),
  'POST /api/referrals/accept': refused(() => ({
    method: 'POST',
    path: '/api/referrals/accept',
    json: { code: 'NOBODY-ZZZZZ' },
  })),
  'GET /api/gift-cards': ownOnly(
    () => ({ method: 'GET', path: '/api/gift-cards' }),
    (_st, body) => {
      expect(body).toEqual({ giftCards: [] });
    },
  ),
  'POST /api/gift-cards': {
    target: () => ({ method: 'POST', path: '/api/gift-cards', json: {} }),
    expect: (_s, res) => {
      expect(res.status).toBe(400);
    },
  },
  'POST /api/gift-cards/plan-month': {
    target: () => ({ method: 'POST', path: '/api/gift-cards/plan-month', json: {} }),
    expect: (_s, res) => {
      expect(res.status).toBe(400);
    },
  },
  'POST /api/gift-cards/redeem': refused(() => ({
    method: 'POST',
    path: '/api/gift-cards/redeem',
    json: { code: 'GIFT-AAAA-AAAA-AAAA' },
  })),
  'POST /api/ops/credit/goodwill': staffOnly(
    () => ({ method: 'POST', path: '/api/ops/credit/goodwill', json: {} }),
    400,
  ),
  'GET /api/orders/{number}': refused((st) => ({ method: 'GET', path: `/api/orders/${st.aOrderNumber}` })),

  // Match and favorites
  'GET /api/match/deck': ownOnly(
    () => ({ method: 'GET', path: '/api/match/deck?gender=Women' }),
    (st, body) => {
      // A's views do not thin B's deck: the item A skipped is still there for B.
      expect(JSON.stringify(body)).toContain(`"id":${st.skippedItemId},`);
    },
  ),
  'GET /api/match/daily': ownOnly(
    () => ({ method: 'GET', path: '/api/match/daily' }),
    async (st, body) => {
      expect(body.count).toBe(await dailyCount(st.t, st.b.id));
    },
  ),
  'GET /api/match/progress': ownOnly(
    () => ({ method: 'GET', path: '/api/match/progress' }),
    (_st, body) => {
      expect((body.indexes as { Men: number }).Men).not.toBe(A_MEN_INDEX);
    },
  ),
  'PUT /api/match/progress': ownOnly(
    (st) => ({
      method: 'PUT',
      path: '/api/match/progress',
      json: { gender: 'Women', lastItemIndex: 1, userId: st.a.id },
    }),
    (_st, body) => {
      expect(body).toMatchObject({ currentGender: 'Women', indexes: { Women: 1, Men: 0 } });
    },
  ),
  'POST /api/match/swipes': ownOnly(
    (st) => ({
      method: 'POST',
      path: '/api/match/swipes',
      json: { itemId: st.likedItemId, action: 'like', userId: st.a.id },
    }),
    async (st, body) => {
      expect(body).toMatchObject({ itemId: st.likedItemId, counted: true });
      expect((body.daily as { count: number }).count).toBe(await dailyCount(st.t, st.b.id));
    },
  ),
  'GET /api/favorites': ownOnly(
    () => ({ method: 'GET', path: '/api/favorites' }),
    (st, body) => {
      const ids = (body.items as { itemId: number }[]).map((f) => f.itemId);
      expect(ids).not.toContain(st.wishItemId);
    },
  ),
  'PUT /api/favorites/{itemId}': ownOnly(
    (st) => ({ method: 'PUT', path: `/api/favorites/${st.likedItemId}`, json: { userId: st.a.id } }),
    (st, body) => {
      expect(body.itemId).toBe(st.likedItemId);
    },
  ),
  // B has no such favorite: A's stays.
  'DELETE /api/favorites/{itemId}': refused((st) => ({ method: 'DELETE', path: `/api/favorites/${st.wishItemId}` })),

  // Events
  'GET /api/events': ownOnly(
    () => ({ method: 'GET', path: '/api/events' }),
    (st, body) => {
      const ev = (body.events as { id: number; reserved: boolean }[]).find((e) => e.id === st.eventId);
      expect(ev?.reserved).toBe(false);
    },
  ),
  // B has no spot: cancelling must not give back A's.
  'DELETE /api/events/{id}/rsvp': refused((st) => ({ method: 'DELETE', path: `/api/events/${st.eventId}/rsvp` })),
  'POST /api/events/{id}/rsvp': ownOnly(
    (st) => ({ method: 'POST', path: `/api/events/${st.eventId}/rsvp`, json: { userId: st.a.id } }),
    async (st, body, who) => {
      expect(body).toMatchObject({ id: st.eventId, reserved: true });
      // B gives her own spot back: A's stays.
      if (who) expect((await who.request(`/api/events/${st.eventId}/rsvp`, { method: 'DELETE' })).status).toBe(200);
    },
  ),

  // Styling appointments
  'GET /api/appointments': ownOnly(
    () => ({ method: 'GET', path: '/api/appointments' }),
    (_st, body) => {
      for (const ap of body.appointments as { time: string; note: string | null }[]) {
        expect(ap.time).not.toBe('10:00');
        expect(ap.note ?? '').not.toContain(A_NAME);
      }
    },
  ),
  // B books her own slot (a userId in the body is not a field); A's 10:00 is not hers to take.
  'POST /api/appointments': ownOnly(
    (st) => ({
      method: 'POST',
      path: '/api/appointments',
      json: { date: st.appointmentDate, time: '11:00', kind: 'fitting-session', userId: st.a.id },
    }),
    async (st, body, who) => {
      expect(body).toMatchObject({ date: st.appointmentDate, time: '11:00' });
      if (who) {
        const taken = await who.request('/api/appointments', {
          method: 'POST',
          json: { date: st.appointmentDate, time: '10:00', kind: 'fitting-session' },
        });
        expect(taken.status).toBe(409);
      }
    },
  ),
};
