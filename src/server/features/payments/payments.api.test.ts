import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentPurpose } from '../../../domain/payments';
import type { DB } from '../../db/schema';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';
import type { CardDetails } from './payment-provider';
import { createPaymentsService, type LedgerEntry, type PaymentOutcome, type PaymentsService } from './payments.service';
import { createSimulatedPaymentProvider } from './simulated-payment-provider';

/*
 * The payments ledger (decision 0029) on a real database: an entry exists only if the transaction
 * that decided to move money committed; it is performed with its key and settled once; a crash
 * between the steps is recovered without doing anything twice. A payments service of its own is
 * built here (on the app's database and provider tables) so the test owns its settler.
 */

let now = new Date('2026-11-26T10:00:00.000Z');
let t: TestApp;
let payments: PaymentsService;
let db: Kysely<DB>;
let member: TestMember;
const settled: { entry: LedgerEntry; outcome: PaymentOutcome }[] = [];
// A purpose nothing else settles in this private service.
const PURPOSE: PaymentPurpose = 'extension';

beforeAll(async () => {
  t = await createTestApp({ seed: false, clock: () => now });
  db = t.ctx.database.db;
  const provider = createSimulatedPaymentProvider({ db: t.ctx.database.db, delayMs: 0, clock: () => now });
  payments = createPaymentsService({ ...t.ctx, clock: () => now }, { provider });
  payments.onSettle(PURPOSE, async (trx, entry, outcome) => {
    // The settler writes in the settling transaction; a marker row proves it committed with it.
    await trx
      .insertInto('request_limits')
      .values({ key: `settled:${entry.id}`, count: 1, expires_at: '2999-01-01T00:00:00.000Z' })
      .execute();
    settled.push({ entry, outcome });
  });
  member = await t.signUp();
});
afterAll(async () => {
  await t?.close();
});

const card = (number: string): CardDetails => ({
  number,
  expiryMonth: '08',
  expiryYear: '2030',
  cvv: '123',
  holderName: 'Lea Ledger',
  billingAddress: { street: '1 Test Lane', city: 'Brooklyn', state: 'NY', zipCode: '11201', country: 'US' },
});
async function cardOnFile(number = '4242424242424242') {
  const tok = await payments.provider.tokenizeCard(card(number));
  return { token: tok.token, brand: tok.brand, lastFour: tok.lastFour };
}
const simCharges = (amount: number) =>
  db
    .selectFrom('payment_sim_objects')
    .select('id')
    .where('kind', '=', 'charge')
    .where('amount_cents', '=', amount)
    .execute();
const markers = (id: number) =>
  db.selectFrom('request_limits').select('key').where('key', '=', `settled:${id}`).execute();

describe(`payments ledger (${process.env.TEST_DIALECT})`, () => {
  it('records an entry only if its transaction commits; performs it with its key and settles it once', async () => {
    const c = await cardOnFile();
    await expect(
      db.transaction().execute(async (trx) => {
        await payments.record(trx, {
          userId: member.id,
          purpose: PURPOSE,
          kind: 'charge',
          amountCents: 1_101,
          description: 'Rolled back',
          card: c,
        });
        throw new Error('the booking failed');
      }),
    ).rejects.toThrow('the booking failed');
    expect(await db.selectFrom('payment_ledger').select('id').where('amount_cents', '=', 1_101).execute()).toHaveLength(
      0,
    );

    const entry = await db.transaction().execute((trx) =>
      payments.record(trx, {
        userId: member.id,
        purpose: PURPOSE,
        kind: 'charge',
        amountCents: 1_102,
        description: 'A week of the Camel Coat',
        card: c,
        idempotencyKey: 'test:order:1:charge',
        context: { from: '2026-12-01' },
      }),
    );
    expect(entry).toMatchObject({
      status: 'pending',
      idempotencyKey: 'test:order:1:charge',
      card: { brand: 'visa', lastFour: '4242' },
      context: { from: '2026-12-01' },
      settledAt: null,
    });
    const outcome = await payments.run(entry.id);
    expect(outcome).toEqual({ status: 'succeeded', providerRef: expect.stringMatching(/^sim_ch_/) });
    expect(await payments.find(entry.id)).toMatchObject({
      status: 'succeeded',
      providerRef: outcome.status === 'succeeded' ? outcome.providerRef : '',
      settledAt: now.toISOString(),
    });
    expect(settled.filter((s) => s.entry.id === entry.id)).toHaveLength(1);
    // Again: the stored answer, no new provider call, no second settlement.
    expect(await payments.run(entry.id)).toEqual(outcome);
    expect(await payments.settle(entry.id)).toBe(false);
    expect(await simCharges(1_102)).toHaveLength(1);
    expect(settled.filter((s) => s.entry.id === entry.id)).toHaveLength(1);
    // The idempotency key is unique in the ledger too.
    await expect(
      db.transaction().execute((trx) =>
        payments.record(trx, {
          userId: member.id,
          purpose: PURPOSE,
          kind: 'charge',
          amountCents: 1_102,
          description: 'x',
          card: c,
          idempotencyKey: 'test:order:1:charge',
        }),
      ),
    ).rejects.toThrow();
  });

  it('records a decline with its code and the reason, and settles it as declined', async () => {
    const c = await cardOnFile('4000000000000341');
    const entry = await db.transaction().execute((trx) =>
      payments.record(trx, {
        userId: member.id,
        purpose: PURPOSE,
        kind: 'charge',
        amountCents: 1_200,
        description: 'x',
        card: c,
      }),
    );
    expect(await payments.run(entry.id)).toEqual({
      status: 'declined',
      code: 'card_declined',
      message: 'The card was declined.',
    });
    expect(await payments.find(entry.id)).toMatchObject({
      status: 'declined',
      declineCode: 'card_declined',
      providerRef: null,
    });
    expect(settled.find((s) => s.entry.id === entry.id)?.outcome.status).toBe('declined');
  });

  it('settles an entry once when ten settle it at the same moment', async () => {
    const c = await cardOnFile();
    const entry = await db.transaction().execute((trx) =>
      payments.record(trx, {
        userId: member.id,
        purpose: PURPOSE,
        kind: 'charge',
        amountCents: 1_300,
        description: 'x',
        card: c,
      }),
    );
    await payments.perform(entry.id);
    const results = await Promise.all(Array.from({ length: 10 }, () => payments.settle(entry.id)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(settled.filter((s) => s.entry.id === entry.id)).toHaveLength(1);
    expect(await markers(entry.id)).toHaveLength(1);
  });

  it('recovers a crash before the provider call and one after it, charging once', async () => {
    const c = await cardOnFile();
    // Crash 1: recorded and committed, never sent.
    const unsent = await db.transaction().execute((trx) =>
      payments.record(trx, {
        userId: member.id,
        purpose: PURPOSE,
        kind: 'charge',
        amountCents: 1_401,
        description: 'x',
        card: c,
      }),
    );
    // Crash 2: sent and answered, the outcome never applied.
    const unapplied = await db.transaction().execute((trx) =>
      payments.record(trx, {
        userId: member.id,
        purpose: PURPOSE,
        kind: 'charge',
        amountCents: 1_402,
        description: 'x',
        card: c,
      }),
    );
    await payments.perform(unapplied.id);

    // Fresh entries are left to the requests that made them.
    expect(await payments.recover()).toEqual({ settled: 0, pending: 0 });
    now = new Date(now.getTime() + 3 * 60_000);
    const recovered = await payments.recover();
    expect(recovered.settled).toBeGreaterThanOrEqual(2);
    for (const e of [unsent, unapplied]) {
      expect(await payments.find(e.id)).toMatchObject({ status: 'succeeded', settledAt: expect.any(String) });
      expect(settled.filter((s) => s.entry.id === e.id)).toHaveLength(1);
    }
    expect(await simCharges(1_401)).toHaveLength(1);
    expect(await simCharges(1_402)).toHaveLength(1);
    expect(await payments.recover({ olderThanMs: 0 })).toEqual({ settled: 0, pending: 0 });
  });

  it('refunds, captures and voids through entries that name what they act on', async () => {
    const c = await cardOnFile();
    const charge = await db.transaction().execute((trx) =>
      payments.record(trx, {
        userId: member.id,
        purpose: PURPOSE,
        kind: 'charge',
        amountCents: 2_000,
        description: 'x',
        card: c,
      }),
    );
    await payments.run(charge.id);
    const paid = (await payments.find(charge.id))!;
    const refund = await db.transaction().execute(async (trx) => {
      expect(await payments.refundableCents(trx, paid)).toBe(2_000);
      const r = await payments.record(trx, {
        userId: member.id,
        purpose: PURPOSE,
        kind: 'refund',
        amountCents: 1_500,
        description: 'Refund',
        target: paid,
      });
      expect(await payments.refundableCents(trx, paid)).toBe(500);
      return r;
    });
    expect(refund.card).toEqual({ brand: 'visa', lastFour: '4242' });
    expect(await payments.run(refund.id)).toEqual({
      status: 'succeeded',
      providerRef: expect.stringMatching(/^sim_re_/),
    });
    // More than is left: the provider refuses, the entry fails (a bug to look at, not the member's card).
    const over = await db.transaction().execute((trx) =>
      payments.record(trx, {
        userId: member.id,
        purpose: PURPOSE,
        kind: 'refund',
        amountCents: 600,
        description: 'Too much',
        target: paid,
      }),
    );
    expect(await payments.run(over.id)).toMatchObject({ status: 'failed', code: 'amount_too_large' });

    const auth = await db.transaction().execute((trx) =>
      payments.record(trx, {
        userId: member.id,
        purpose: PURPOSE,
        kind: 'authorise',
        amountCents: 3_000,
        description: 'Hold',
        card: c,
      }),
    );
    expect((await payments.run(auth.id)).status).toBe('succeeded');
    const held = (await payments.find(auth.id))!;
    const capture = await db.transaction().execute((trx) =>
      payments.record(trx, {
        userId: member.id,
        purpose: PURPOSE,
        kind: 'capture',
        amountCents: 2_500,
        description: 'Capture',
        target: held,
      }),
    );
    expect(await payments.run(capture.id)).toEqual({
      status: 'succeeded',
      providerRef: expect.stringMatching(/^sim_ch_/),
    });
    const voided = await db.transaction().execute((trx) =>
      payments.record(trx, {
        userId: member.id,
        purpose: PURPOSE,
        kind: 'void',
        amountCents: 3_000,
        description: 'Void',
        target: held,
      }),
    );
    expect(await payments.run(voided.id)).toMatchObject({ status: 'failed', code: 'authorisation_not_open' });

    // An entry cannot act on one that did not succeed.
    const pending = await db.transaction().execute((trx) =>
      payments.record(trx, {
        userId: member.id,
        purpose: PURPOSE,
        kind: 'charge',
        amountCents: 900,
        description: 'x',
        card: c,
      }),
    );
    await expect(
      db.transaction().execute((trx) =>
        payments.record(trx, {
          userId: member.id,
          purpose: PURPOSE,
          kind: 'refund',
          amountCents: 100,
          description: 'x',
          target: pending,
        }),
      ),
    ).rejects.toThrow(/acts on an entry that succeeded/);
    await payments.run(pending.id);
  });
});
