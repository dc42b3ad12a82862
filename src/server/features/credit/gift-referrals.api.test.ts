import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditStatement, GiftCard, Referral } from '../../../domain/credit';
import type { Rental } from '../../../domain/rentals';
import { makeTestItem, readyToRent } from '../../test/renter';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';

/*
 * Gift cards and referrals on a real database (SQLite, and PostgreSQL in the api-postgres
 * project; decision 0063): a gift card bought with a card, e-mailed with its code, redeemed once
 * even by ten members at once; a referral rewarded once for both, even when the sweep runs ten
 * times at once, and never for herself or her card.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, clock: () => new Date('2026-11-22T10:00:00.000Z') });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.ctx.database.db;
const json = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
  const r = await res;
  const text = await r.text();
  expect(r.status, text.slice(0, 400)).toBe(status);
  return JSON.parse(text) as T;
};
const balance = async (m: TestMember) => (await json<CreditStatement>(m.request('/api/credit'))).balanceCents;
const buy = (m: TestMember, body: Record<string, unknown>) =>
  m.request('/api/gift-cards', {
    method: 'POST',
    json: {
      amountCents: 5_000,
      recipientName: 'Gina',
      message: 'Happy birthday!',
      idempotencyKey: randomUUID(),
      ...body,
    },
  });
const codeFrom = (text: string) => /GIFT-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/.exec(text)![0];

describe(`gift cards (${process.env.TEST_DIALECT})`, () => {
  it('bought once per form with her card, e-mailed with its code, redeemed once', async () => {
    const buyer = await readyToRent(await t.signUp({ fullName: 'Bea Buyer' }));
    const key = randomUUID();
    const to = `gina.${randomUUID().slice(0, 6)}@example.com`;
    const [a, b] = await Promise.all([
      buy(buyer, { recipientEmail: to, idempotencyKey: key }),
      buy(buyer, { recipientEmail: to, idempotencyKey: key }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    // Both answer with the one card (the second may answer while the first's payment is under way).
    const [ca, cb] = [(await a.json()) as GiftCard, (await b.json()) as GiftCard];
    expect(ca.id).toBe(cb.id);
    const { giftCards } = await json<{ giftCards: GiftCard[] }>(buyer.request('/api/gift-cards'));
    expect(giftCards).toHaveLength(1);
    expect(giftCards[0]).toMatchObject({ amountCents: 5_000, status: 'paid' });
    expect(giftCards[0]!.sentAt).not.toBeNull();
    const ledger = await db().selectFrom('payment_ledger').selectAll().where('user_id', '=', buyer.id).execute();
    expect(ledger.map((e) => [e.purpose, e.kind, e.amount_cents, e.status])).toEqual([
      ['gift_card', 'charge', 5_000, 'succeeded'],
    ]);
    const mail = await t.waitForMail(to, /Bea sent you a Rentique gift card of \$50\.00/);
    expect(mail.text).toContain('Happy birthday!');
    const code = codeFrom(mail.text);
    expect(JSON.stringify(await json(buyer.request('/api/gift-cards')))).not.toContain(code);

    // Ten members redeem it at once (in any case): one is credited.
    const members = await Promise.all(Array.from({ length: 10 }, () => t.signUp()));
    const answers = await Promise.all(
      members.map((m) => m.request('/api/gift-cards/redeem', { method: 'POST', json: { code: code.toLowerCase() } })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const credited = await db()
      .selectFrom('credit_entries')
      .selectAll()
      .where('kind', '=', 'gift_card')
      .where('idempotency_key', 'like', 'gift:%')
      .where(
        'user_id',
        'in',
        members.map((m) => m.id),
      )
      .execute();
    expect(credited.map((c) => c.amount_cents)).toEqual([5_000]);
    const winner = members.find((m) => m.id === credited[0]!.user_id)!;
    expect(await balance(winner)).toBe(5_000);
    expect((await winner.request('/api/gift-cards/redeem', { method: 'POST', json: { code } })).status).toBe(409);
    expect(
      (await winner.request('/api/gift-cards/redeem', { method: 'POST', json: { code: 'GIFT-AAAA-BBBB-CCCC' } }))
        .status,
    ).toBe(404);
  });

  it('refuses other amounts, past send days and a declined card (nothing sent)', async () => {
    const buyer = await readyToRent(await t.signUp(), { cardNumber: '4000 0000 0000 0341' });
    expect((await buy(buyer, { recipientEmail: 'x@example.com', amountCents: 1_234 })).status).toBe(400);
    expect((await buy(buyer, { recipientEmail: 'x@example.com', sendOn: '2026-11-01' })).status).toBe(400);
    const declined = await buy(buyer, { recipientEmail: 'declined@example.com' });
    expect(declined.status).toBe(402);
    const cards = await json<{ giftCards: GiftCard[] }>(buyer.request('/api/gift-cards'));
    expect(cards.giftCards.map((c) => [c.status, c.sentAt])).toEqual([['failed', null]]);
  });

  it('is sent on the day she chose, by the sweep', async () => {
    const buyer = await readyToRent(await t.signUp({ fullName: 'Lou Later' }));
    const to = `later.${randomUUID().slice(0, 6)}@example.com`;
    const card = await json<GiftCard>(buy(buyer, { recipientEmail: to, sendOn: '2026-11-25' }), 201);
    expect(card.sentAt).toBeNull();
    expect(await t.services.giftCards.deliverDue()).toBe(0);
    await db().updateTable('gift_cards').set({ send_on: '2026-11-22' }).where('id', '=', card.id).execute();
    const sent = await Promise.all([t.services.giftCards.deliverDue(), t.services.giftCards.deliverDue()]);
    expect(sent[0] + sent[1]).toBe(1);
    await t.waitForMail(to, /Lou sent you/);
  });
});

describe(`referrals (${process.env.TEST_DIALECT})`, () => {
  /** Her first paid rental, sent out (the desk's dispatch, written directly). */
  async function firstRentalSent(m: TestMember): Promise<number> {
    const itemId = await makeTestItem(db(), { priceCents: 4_000 });
    const r = await json<Rental>(m.request('/api/rentals', { method: 'POST', json: { itemId, size: 'M' } }), 201);
    await db()
      .updateTable('rentals')
      .set({ dispatched_at: '2026-11-22T11:00:00.000Z' })
      .where('id', '=', r.id)
      .execute();
    return r.id;
  }

  it('rewards both once after the friend’s first paid rental is sent, even with two rentals and ten sweeps at once', async () => {
    const anna = await readyToRent(await t.signUp({ fullName: 'Anna Invite' }));
    const mine = await json<Referral>(anna.request('/api/referrals'));
    expect(mine.code).toMatch(/^ANNA-/);
    expect(mine.path).toBe(`/invite/${mine.code}`);
    expect(await json(t.request(`/api/referrals/invite/${mine.code.toLowerCase()}`))).toMatchObject({
      inviterName: 'Anna',
      rewardCents: 2_500,
    });
    // Not herself, nor an alias of her e-mail.
    expect((await anna.request('/api/referrals/accept', { method: 'POST', json: { code: mine.code } })).status).toBe(
      403,
    );
    const alias = await t.signUp({ email: anna.email.replace('@', '+2@') });
    const self = await alias.request('/api/referrals/accept', { method: 'POST', json: { code: mine.code } });
    expect(self.status).toBe(403);

    const bea = await readyToRent(await t.signUp({ fullName: 'Bea Friend' }), { cardNumber: '5555 5555 5555 4444' });
    await json(bea.request('/api/referrals/accept', { method: 'POST', json: { code: mine.code } }));
    expect((await bea.request('/api/referrals/accept', { method: 'POST', json: { code: mine.code } })).status).toBe(
      409,
    );
    expect(await t.services.referrals.rewardDue()).toEqual({ rewarded: 0, refused: 0 }); // nothing rented yet

    // Two paid rentals booked at once, both sent, then ten sweeps at once: one reward each.
    await Promise.all([firstRentalSent(bea), firstRentalSent(bea)]);
    const runs = await Promise.all(Array.from({ length: 10 }, () => t.services.referrals.rewardDue()));
    expect(runs.reduce((n, r) => n + r.rewarded, 0)).toBe(1);
    expect(await balance(anna)).toBe(2_500);
    expect(await balance(bea)).toBe(2_500);
    expect((await json<Referral>(anna.request('/api/referrals'))).invited).toEqual([
      expect.objectContaining({ name: 'Bea', status: 'rewarded' }),
    ]);
    expect(await t.services.referrals.rewardDue()).toEqual({ rewarded: 0, refused: 0 });
  });

  it('gives nothing for a cancelled rental, nor when the friend pays with the referrer’s card', async () => {
    const cara = await readyToRent(await t.signUp({ fullName: 'Cara Invite' }));
    const code = (await json<Referral>(cara.request('/api/referrals'))).code;
    await firstRentalSent(cara); // Cara has paid with the test card
    const dana = await readyToRent(await t.signUp({ fullName: 'Dana Friend' }));
    await json(dana.request('/api/referrals/accept', { method: 'POST', json: { code } }));
    const itemId = await makeTestItem(db(), { priceCents: 4_000 });
    const r = await json<Rental>(dana.request('/api/rentals', { method: 'POST', json: { itemId, size: 'M' } }), 201);
    await json(dana.request(`/api/rentals/${r.id}/cancel`, { method: 'POST' }));
    expect((await t.services.referrals.rewardDue()).rewarded).toBe(0);
    await firstRentalSent(dana); // the same card as Cara's
    expect(await t.services.referrals.rewardDue()).toMatchObject({ rewarded: 0, refused: 1 });
    expect(await balance(cara)).toBe(0);
    expect(await balance(dana)).toBe(0);
  });
});
