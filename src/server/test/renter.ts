import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { makeItem } from './factories';
import type { TestMember } from './test-app';

/** A good test card (the simulated provider's test mode: decision 0029). */
export const TEST_CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiryMonth: '08',
  expiryYear: '2030',
  cvv: '123',
  cardholderName: 'Rita Renter',
  billingAddress: { street: '12 Analytical Way', city: 'Brooklyn', state: 'NY', zipCode: '11201', country: 'US' },
};

export const TEST_DELIVERY_ADDRESS = {
  recipientName: 'Rita Renter',
  line1: '12 Analytical Way',
  line2: 'Apt 4B',
  city: 'Brooklyn',
  state: 'NY',
  zipCode: '11201',
};

async function ok(res: Response, what: string): Promise<void> {
  if (!res.ok) throw new Error(`${what} failed: ${res.status} ${await res.text()}`);
}

/**
 * What a Weekly member needs before a pay-per-item booking goes through (decision 0030): a card
 * on file, a delivery address, and delivery as her choice. Each through the API, as a member would.
 */
export async function readyToRent(
  m: TestMember,
  opts: { cardNumber?: string; delivery?: 'online' | 'in-store'; studioId?: number } = {},
): Promise<TestMember> {
  await ok(
    await m.request('/api/plans/payment-method', {
      method: 'PUT',
      json: { ...TEST_CARD, ...(opts.cardNumber ? { cardNumber: opts.cardNumber } : {}) },
    }),
    'adding a card',
  );
  await ok(
    await m.request('/api/orders/delivery-address', { method: 'PUT', json: TEST_DELIVERY_ADDRESS }),
    'adding a delivery address',
  );
  await ok(
    await m.request('/api/plans/pickup', {
      method: 'PUT',
      json: { option: opts.delivery ?? 'online', ...(opts.studioId ? { studioId: opts.studioId } : {}) },
    }),
    'choosing delivery',
  );
  return m;
}

/** A house item straight in the database, with `units` units of each size (1 by default): makeItem's. */
export async function makeTestItem(
  db: Kysely<DB>,
  opts: { units?: number; sizes?: string[]; priceCents?: number; ownerId?: string; name?: string } = {},
): Promise<number> {
  return makeItem(db, {
    ...opts,
    brand: 'Burberry',
    colour: 'camel',
    retailCents: 9_900,
    createdAt: '2026-11-01T09:00:00.000Z',
  });
}

/**
 * Rents a member's piece the way members do since decision 0035: the renter requests it, the
 * lender accepts (her card is charged then). Answers like POST /api/rentals did: the request's
 * refusal as it came, or 201 with the rental.
 */
export async function requestAndAccept(
  renter: TestMember,
  lender: TestMember,
  body: Record<string, unknown>,
): Promise<Response> {
  const made = await renter.request('/api/lending/requests', { method: 'POST', json: body });
  if (made.status !== 201) return made;
  const request = (await made.json()) as { id: number; rentalId: number };
  await ok(
    await lender.request(`/api/lending/requests/${request.id}/accept`, { method: 'POST' }),
    'accepting the request',
  );
  const rental = await renter.request(`/api/rentals/${request.rentalId}`);
  if (rental.status !== 200) throw new Error(`reading the rental failed: ${rental.status} ${await rental.text()}`);
  return new Response(await rental.text(), { status: 201, headers: { 'content-type': 'application/json' } });
}
