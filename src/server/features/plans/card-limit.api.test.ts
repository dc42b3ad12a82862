import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_ATTEMPTS_PER_WINDOW, CARD_ATTEMPT_WINDOW_MINUTES } from '../../../domain/card';
import { ApiErrorSchema } from '../../../domain/errors';
import { compose } from '../../compose';
import { createLogger } from '../../logger';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestMember } from '../../test/test-app';

/*
 * Card testing: trying stolen card numbers one after another through our card form. Each member
 * may send a card to the payment provider at most CARD_ATTEMPTS_PER_WINDOW times per window,
 * counted in the database so every app process (and concurrent requests) share the count.
 */
let now = new Date('2026-11-22T10:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, clock: () => now });
});
afterAll(async () => {
  await t?.close();
});

const DECLINED = '4000 0000 0000 0002';
const card = (cardNumber = '4242 4242 4242 4242') => ({
  cardNumber,
  expiryMonth: '08',
  expiryYear: '2030',
  cvv: '123',
  cardholderName: 'Carla Tester',
  billingAddress: { street: '1 Test Lane', city: 'Brooklyn', state: 'NY', zipCode: '11201', country: 'US' },
});
const pay = (m: TestMember, json: unknown) => m.request('/api/plans/payment-method', { method: 'PUT', json });

async function expectLimited(res: Response) {
  expect(res.status).toBe(429);
  const body = ApiErrorSchema.parse(await res.json());
  expect(body.error.code).toBe('RATE_LIMITED');
  expect(body.error.message).toMatch(/Too many card attempts/);
  expect(body.error.details?.retryAfterSeconds).toEqual(expect.any(Number));
}

describe(`card attempts per member (${process.env.TEST_DIALECT})`, () => {
  it(`lets ${CARD_ATTEMPTS_PER_WINDOW} of 9 concurrent declined cards reach the provider and answers the rest 429`, async () => {
    const m = await t.signUp();
    const answers = await Promise.all(Array.from({ length: 9 }, () => pay(m, card(DECLINED))));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 402)).toHaveLength(CARD_ATTEMPTS_PER_WINDOW);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9 - CARD_ATTEMPTS_PER_WINDOW);
    await expectLimited(answers.find((r) => r.status === 429)!);
    // A good card is refused too until the window ends; another member is not affected.
    await expectLimited(await pay(m, card()));
    expect((await pay(await t.signUp(), card())).status).toBe(200);
    // Forms refused by validation never reach the provider and are not counted.
    const fresh = await t.signUp();
    for (let i = 0; i < CARD_ATTEMPTS_PER_WINDOW + 2; i += 1)
      expect((await pay(fresh, { ...card(), cvv: 'x' })).status).toBe(400);
    expect((await pay(fresh, card())).status).toBe(200);

    now = new Date(now.getTime() + CARD_ATTEMPT_WINDOW_MINUTES * 60_000);
    try {
      expect((await pay(m, card())).status).toBe(200);
    } finally {
      now = new Date('2026-11-22T10:00:00.000Z');
    }
  });

  it('is one count for two app processes on the same database', async () => {
    // A second app on the same database (the same SQLite file, or the same PostgreSQL database).
    const { ctx: ctx2, app: app2 } = await compose({
      env: t.ctx.env,
      logger: createLogger('silent'),
      clock: () => now,
      seed: false,
    });
    try {
      const m = await t.signUp();
      const viaB = (json: unknown) =>
        app2.request('/api/plans/payment-method', {
          method: 'PUT',
          headers: { origin: TEST_ORIGIN, cookie: m.cookie, 'content-type': 'application/json' },
          body: JSON.stringify(json),
        });
      const statuses: number[] = [];
      for (let i = 0; i < CARD_ATTEMPTS_PER_WINDOW + 2; i += 1)
        statuses.push((i % 2 === 0 ? await pay(m, card(DECLINED)) : await viaB(card(DECLINED))).status);
      expect(statuses.filter((s) => s === 402)).toHaveLength(CARD_ATTEMPTS_PER_WINDOW);
      expect(statuses.slice(CARD_ATTEMPTS_PER_WINDOW)).toEqual([429, 429]);
    } finally {
      await ctx2.database.destroy();
    }
  });
});
