import { expect } from 'vitest';
import { makeItem } from '../../test/factories';
import { approveListing } from '../../test/staff';
import type { TestApp, TestMember } from '../../test/test-app';
import { listingForm, makePng, sampleListing } from '../listings/listings.test-helpers';
import type { accountTestApp } from './account.test-helpers';
import { verified } from '../../test/verified';

/*
 * What the account deletion tests (account-delete*.api.test.ts) repeat: a house piece, a member
 * with one of everything, the delete request and its answers. The app is accountTestApp().
 */

const CARD = {
  cardNumber: '5555 5555 5555 4444',
  expiryMonth: '09',
  expiryYear: '2031',
  cvv: '321',
  cardholderName: 'Delia Leaving',
  billingAddress: { street: '9 Farewell Row', city: 'Brooklyn', state: 'NY', zipCode: '11201', country: 'US' },
};

let counter = 0;
/** A house item with one unit in size M. */
export function houseItem(t: TestApp): Promise<number> {
  counter += 1;
  return makeItem(t, {
    name: `Delete Test Coat ${counter}`,
    reviewCount: 1,
    description: 'A piece for the deletion tests.',
  });
}

export async function ok(res: Response | Promise<Response>, status = 200): Promise<Record<string, unknown>> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(status);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export const del = (m: TestMember, password: string, more: { cancelReservations?: boolean } = {}) =>
  m.request('/api/me', { method: 'DELETE', json: { password, ...more } });
export const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; details?: Record<string, unknown> } }).error;

/** A member with one of everything: plan, card, pickup, likes, a favorite, an RSVP, a listing with photos. */
export async function fullMember(
  app: ReturnType<typeof accountTestApp>,
): Promise<{ m: TestMember; listingId: number; eventId: number }> {
  const { t } = app;
  // She lends a piece below: lending asks a verified identity (decision 0068).
  const m = await verified(await t.signUp({ fullName: 'Delia Leaving', gender: 'female' }));
  await ok(m.request('/api/plans/subscription', { method: 'PUT', json: { plan: 'monthly', itemCount: 4 } }));
  await ok(m.request('/api/plans/payment-method', { method: 'PUT', json: CARD }));
  await ok(
    m.request('/api/orders/delivery-address', {
      method: 'PUT',
      json: {
        recipientName: 'Delia Leaving',
        line1: '9 Farewell Row',
        city: 'Brooklyn',
        state: 'NY',
        zipCode: '11201',
      },
    }),
  );
  await ok(m.request('/api/plans/pickup', { method: 'PUT', json: { option: 'online' } }));
  const deck = (await ok(m.request('/api/match/deck?gender=Women'))) as { items: { item: { id: number } }[] };
  await ok(
    m.request('/api/match/swipes', { method: 'POST', json: { itemId: deck.items[0]!.item.id, action: 'like' } }),
  );
  await ok(m.request(`/api/favorites/${deck.items[1]!.item.id}`, { method: 'PUT' }));
  const events = (await ok(m.request('/api/events'))) as { events: { id: number }[] };
  const eventId = events.events[0]!.id;
  await ok(m.request(`/api/events/${eventId}/rsvp`, { method: 'POST' }), 201);
  const photo = { data: await makePng(200, 260), name: 'p.png', type: 'image/png' };
  const listing = await ok(
    m.request('/api/listings', {
      method: 'POST',
      body: listingForm(sampleListing({ name: 'Delia Velvet Gown' }), [photo, photo]),
    }),
    201,
  );
  // Staff approve it, so other members can rent it.
  await approveListing(await app.staff(), listing.id as number);
  return { m, listingId: listing.id as number, eventId };
}
