/**
 * The mixed workload's members (bench/mixed.ts): each signs up through the API, likes three
 * pieces and adds what a Weekly member needs to book.
 */
import { randomBytes } from 'node:crypto';

export interface Member {
  email: string;
  liked: number[];
}

export const PASSWORD = 'correct horse battery';
export const rand = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

export const cookieOf = (setCookie: string | string[] | undefined) =>
  (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).map((c) => c.split(';')[0]).join('; ');

/** A good test card and a delivery address (the simulated provider's test mode: decision 0029). */
const CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiryMonth: '08',
  expiryYear: '2030',
  cvv: '123',
  cardholderName: 'Bench Member',
  billingAddress: { street: '12 Analytical Way', city: 'Brooklyn', state: 'NY', zipCode: '11201', country: 'US' },
};
const ADDRESS = {
  recipientName: 'Bench Member',
  line1: '12 Analytical Way',
  city: 'Brooklyn',
  state: 'NY',
  zipCode: '11201',
};

/**
 * Members for the connections, each with three liked items (the day's counted views) and what a
 * Weekly member needs to book (decision 0030): a card, a delivery address and delivery as her
 * choice, each through the API as a member adds them, so the mix measures real, paid bookings.
 */
export async function makeMembers(url: string, count: number, itemIds: number[]): Promise<Member[]> {
  const members: Member[] = [];
  for (let i = 0; i < count; i += 1) {
    const email = `bench${i}.${randomBytes(3).toString('hex')}@example.com`;
    const res = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({
        email,
        password: PASSWORD,
        name: `Bench ${i}`,
        fullName: `Bench Member ${i}`,
        gender: 'female',
      }),
    });
    if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    const cookie = cookieOf(res.headers.getSetCookie());
    const liked: number[] = [];
    while (liked.length < 3) {
      const itemId = rand(itemIds);
      if (liked.includes(itemId)) continue;
      const like = await fetch(`${url}/api/match/swipes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url, cookie },
        body: JSON.stringify({ itemId, action: 'like' }),
      });
      if (!like.ok) throw new Error(`like failed: ${like.status} ${await like.text()}`);
      liked.push(itemId);
    }
    for (const [what, method, body] of [
      ['/api/plans/payment-method', 'PUT', CARD],
      ['/api/orders/delivery-address', 'PUT', ADDRESS],
      ['/api/plans/pickup', 'PUT', { option: 'online' }],
    ] as const) {
      const res = await fetch(`${url}${what}`, {
        method,
        headers: { 'content-type': 'application/json', origin: url, cookie },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${what} failed: ${res.status} ${await res.text()}`);
    }
    members.push({ email, liked });
  }
  return members;
}
