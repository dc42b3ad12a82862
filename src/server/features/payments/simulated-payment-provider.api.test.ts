import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PaymentDeclinedError, PaymentRequestError, type CardDetails, type PaymentProvider } from './payment-provider';
import { createSimulatedPaymentProvider, SIMULATED_TEST_CARDS } from './simulated-payment-provider';

/*
 * The simulated provider's test mode (decision 0029), on a real database (SQLite, and PostgreSQL
 * in the api-postgres project): test cards, idempotency keys, amounts that cannot exceed what was
 * authorised or charged (also under concurrent calls), and state that outlives the provider object
 * (another app process, a restart).
 */

let now = new Date('2026-11-26T10:00:00.000Z');
let t: TestApp;
let provider: PaymentProvider;
beforeAll(async () => {
  t = await createTestApp({ seed: false, clock: () => now });
  provider = createSimulatedPaymentProvider({ db: t.ctx.database.db, delayMs: 0, clock: () => now });
});
afterAll(async () => {
  await t?.close();
});

const card = (number: string, over: Partial<CardDetails> = {}): CardDetails => ({
  number,
  expiryMonth: '08',
  expiryYear: '2030',
  cvv: '123',
  holderName: 'Tess Tcard',
  billingAddress: { street: '1 Test Lane', city: 'Brooklyn', state: 'NY', zipCode: '11201', country: 'US' },
  ...over,
});
let keyNo = 0;
const key = (what: string) => `test:${what}:${(keyNo += 1)}`;

async function declineOf(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, 'expected a decline').toBeInstanceOf(PaymentDeclinedError);
  return (err as PaymentDeclinedError).code;
}
async function requestErrorOf(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, 'expected a request error').toBeInstanceOf(PaymentRequestError);
  return (err as PaymentRequestError).code;
}
const objects = (kind: string) =>
  t.ctx.database.db.selectFrom('payment_sim_objects').selectAll().where('kind', '=', kind).execute();

describe(`simulated payment provider, test mode (${process.env.TEST_DIALECT})`, () => {
  it('tokenizes a good card (brand and last four only) and refuses each decline test card with its reason', async () => {
    const good = await provider.tokenizeCard(card('4242424242424242'));
    expect(good).toEqual({ token: expect.stringMatching(/^sim_card_[0-9a-f]{24}$/), brand: 'visa', lastFour: '4242' });
    expect((await provider.tokenizeCard(card('5555555555554444'))).brand).toBe('mastercard');
    for (const [number, code] of Object.entries(SIMULATED_TEST_CARDS.declinedAtTokenize)) {
      expect(await declineOf(provider.tokenizeCard(card(number))), number).toBe(code);
    }
    // Cards that decline later are accepted when added (a card on file whose charges fail).
    for (const number of Object.keys(SIMULATED_TEST_CARDS.declinedAtCharge)) {
      expect((await provider.tokenizeCard(card(number))).lastFour).toBe(number.slice(-4));
    }
    const stored = JSON.stringify(await t.ctx.database.db.selectFrom('payment_sim_cards').selectAll().execute());
    expect(stored).not.toContain('4242424242424242');
    expect(stored).not.toContain('"123"');
  });

  it('charges once per idempotency key: the same request gets the same charge, another request with the key is refused', async () => {
    const { token } = await provider.tokenizeCard(card('4242424242424242'));
    const k = key('charge');
    const first = await provider.charge({ token, amountCents: 1_999, description: 'A rental', idempotencyKey: k });
    expect(first).toEqual({ id: expect.stringMatching(/^sim_ch_/), amountCents: 1_999 });
    expect(await provider.charge({ token, amountCents: 1_999, description: 'A rental', idempotencyKey: k })).toEqual(
      first,
    );
    expect(
      await requestErrorOf(provider.charge({ token, amountCents: 2_999, description: 'A rental', idempotencyKey: k })),
    ).toBe('idempotency_key_reused');
    expect(
      await requestErrorOf(provider.refund({ chargeId: first.id, amountCents: 100, reason: 'x', idempotencyKey: k })),
    ).toBe('idempotency_key_reused');
    expect((await objects('charge')).filter((o) => o.id === first.id)).toHaveLength(1);

    // 20 calls with one key at the same moment: one charge.
    const k20 = key('race');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        provider.charge({ token, amountCents: 5_000, description: 'Race', idempotencyKey: k20 }),
      ),
    );
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect((await objects('charge')).filter((o) => o.amount_cents === 5_000)).toHaveLength(1);

    expect(
      await requestErrorOf(
        provider.charge({ token, amountCents: 49, description: 'Too small', idempotencyKey: key('small') }),
      ),
    ).toBe('amount_too_small');
    expect(
      await requestErrorOf(
        provider.charge({ token: 'sim_card_nope', amountCents: 1_000, description: 'x', idempotencyKey: key('nope') }),
      ),
    ).toBe('not_found');
  });

  it('declines every payment of a card on file that declines at charge time, and gives the same decline again for its key', async () => {
    const failing = await provider.tokenizeCard(card('4000000000000341'));
    const k = key('declined');
    expect(
      await declineOf(
        provider.charge({ token: failing.token, amountCents: 1_000, description: 'x', idempotencyKey: k }),
      ),
    ).toBe('card_declined');
    expect(
      await declineOf(
        provider.charge({ token: failing.token, amountCents: 1_000, description: 'x', idempotencyKey: k }),
      ),
    ).toBe('card_declined');
    expect(
      await declineOf(
        provider.authorise({ token: failing.token, amountCents: 1_000, description: 'x', idempotencyKey: key('auth') }),
      ),
    ).toBe('card_declined');
    const broke = await provider.tokenizeCard(card('4000000000000358'));
    expect(
      await declineOf(
        provider.charge({ token: broke.token, amountCents: 1_000, description: 'x', idempotencyKey: key('funds') }),
      ),
    ).toBe('insufficient_funds');

    // A card that was good when added expires: its payments are declined after its expiry month.
    const expiring = await provider.tokenizeCard(card('4242424242424242', { expiryMonth: '12', expiryYear: '2026' }));
    expect(
      (
        await provider.charge({
          token: expiring.token,
          amountCents: 1_000,
          description: 'x',
          idempotencyKey: key('ok'),
        })
      ).amountCents,
    ).toBe(1_000);
    now = new Date('2027-01-01T00:00:00.000Z');
    try {
      expect(
        await declineOf(
          provider.charge({
            token: expiring.token,
            amountCents: 1_000,
            description: 'x',
            idempotencyKey: key('expired'),
          }),
        ),
      ).toBe('expired_card');
    } finally {
      now = new Date('2026-11-26T10:00:00.000Z');
    }
  });

  it('authorises, captures at most what was authorised, once, and voids only an open authorisation', async () => {
    const { token } = await provider.tokenizeCard(card('4242424242424242'));
    const auth = await provider.authorise({
      token,
      amountCents: 4_000,
      description: 'Request to rent',
      idempotencyKey: key('auth'),
    });
    expect(auth).toEqual({
      id: expect.stringMatching(/^sim_auth_/),
      amountCents: 4_000,
      expiresAt: '2026-12-03T10:00:00.000Z',
    });
    expect(
      await requestErrorOf(
        provider.capture({ authorisationId: auth.id, amountCents: 4_001, idempotencyKey: key('over') }),
      ),
    ).toBe('amount_too_large');
    const charge = await provider.capture({
      authorisationId: auth.id,
      amountCents: 3_500,
      idempotencyKey: key('capture'),
    });
    expect(charge).toEqual({ id: expect.stringMatching(/^sim_ch_/), amountCents: 3_500 });
    expect(await requestErrorOf(provider.capture({ authorisationId: auth.id, idempotencyKey: key('again') }))).toBe(
      'authorisation_not_open',
    );
    expect(await requestErrorOf(provider.void({ authorisationId: auth.id, idempotencyKey: key('void') }))).toBe(
      'authorisation_not_open',
    );

    // Voided: no capture. Ten racing captures of one authorisation: one wins.
    const held = await provider.authorise({ token, amountCents: 2_000, description: 'x', idempotencyKey: key('auth') });
    await provider.void({ authorisationId: held.id, idempotencyKey: key('void') });
    expect(await requestErrorOf(provider.capture({ authorisationId: held.id, idempotencyKey: key('late') }))).toBe(
      'authorisation_not_open',
    );
    const raced = await provider.authorise({
      token,
      amountCents: 2_000,
      description: 'x',
      idempotencyKey: key('auth'),
    });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => provider.capture({ authorisationId: raced.id, idempotencyKey: key('cap') })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await objects('charge')).filter((o) => o.parent_id === raced.id)).toHaveLength(1);

    // An authorisation lapses after 7 days.
    const lapsing = await provider.authorise({
      token,
      amountCents: 2_000,
      description: 'x',
      idempotencyKey: key('auth'),
    });
    now = new Date('2026-12-03T10:00:00.000Z');
    try {
      expect(
        await requestErrorOf(provider.capture({ authorisationId: lapsing.id, idempotencyKey: key('lapsed') })),
      ).toBe('authorisation_not_open');
    } finally {
      now = new Date('2026-11-26T10:00:00.000Z');
    }
    expect(
      await requestErrorOf(provider.capture({ authorisationId: 'sim_auth_nope', idempotencyKey: key('nope') })),
    ).toBe('not_found');
  });

  it('refunds never add up to more than the charge, even when 20 are sent at once', async () => {
    const { token } = await provider.tokenizeCard(card('4242424242424242'));
    const charge = await provider.charge({
      token,
      amountCents: 1_000,
      description: 'x',
      idempotencyKey: key('charge'),
    });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        provider.refund({ chargeId: charge.id, amountCents: 100, reason: 'test', idempotencyKey: key('refund') }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as PaymentRequestError).code).toBe('amount_too_large');
    const [row] = await t.ctx.database.db
      .selectFrom('payment_sim_objects')
      .select('refunded_cents')
      .where('id', '=', charge.id)
      .execute();
    expect(row!.refunded_cents).toBe(1_000);
    expect((await objects('refund')).filter((o) => o.parent_id === charge.id)).toHaveLength(10);

    // A card whose refunds fail, as a real test mode has one.
    const stuck = await provider.tokenizeCard(card(SIMULATED_TEST_CARDS.refundFails));
    const paid = await provider.charge({
      token: stuck.token,
      amountCents: 1_000,
      description: 'x',
      idempotencyKey: key('charge'),
    });
    expect(
      await declineOf(
        provider.refund({ chargeId: paid.id, amountCents: 1_000, reason: 'x', idempotencyKey: key('refund') }),
      ),
    ).toBe('processing_error');
  });

  it('pays out, once per key, and keeps its records for another provider object (another process, a restart)', async () => {
    const k = key('payout');
    const payout = await provider.payout({
      recipientId: 'member-1',
      amountCents: 1_400,
      description: 'Earnings',
      idempotencyKey: k,
    });
    expect(payout).toEqual({ id: expect.stringMatching(/^sim_po_/), amountCents: 1_400 });
    const restarted = createSimulatedPaymentProvider({ db: t.ctx.database.db, delayMs: 0, clock: () => now });
    expect(
      await restarted.payout({
        recipientId: 'member-1',
        amountCents: 1_400,
        description: 'Earnings',
        idempotencyKey: k,
      }),
    ).toEqual(payout);
    const { token } = await provider.tokenizeCard(card('4242424242424242'));
    const auth = await provider.authorise({ token, amountCents: 3_000, description: 'x', idempotencyKey: key('auth') });
    expect((await restarted.capture({ authorisationId: auth.id, idempotencyKey: key('capture') })).amountCents).toBe(
      3_000,
    );
  });
});
