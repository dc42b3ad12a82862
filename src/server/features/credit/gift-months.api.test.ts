import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { GiftCard, Redeemed } from '../../../domain/credit';
import type { Quote } from '../../../domain/rentals';
import type { TestMember } from '../../test/test-app';
import {
  act,
  acted,
  book,
  DECLINING_CARD,
  planBillingTestApp,
  planLedger,
  runRenewalJob,
  sub,
} from '../plans/plan-billing.test-helpers';
import { card, pay } from '../plans/plans.test-helpers';

/*
 * A gift month of a plan (issue 28 item 5; decision 0069) on a real database, SQLite or
 * PostgreSQL, with a real SMTP server: bought with her card once per form (a gift_card charge in
 * the ledger), e-mailed with its code, redeemed once under ten redemptions at once; what it does
 * to the recipient's plan (none: Monthly for a month, then Weekly unless she keeps it; a paid
 * term: the next billing date a month later; paused: a free month from today), nothing charged to
 * her, and every ledger settled and balanced.
 */
const p = planBillingTestApp();
const db = () => p.t.ctx.database.db;
const codeFrom = (text: string) => /GIFT-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/.exec(text)![0];

/** A member with a card who buys a gift month of `itemCount` pieces for `to`. */
async function giftMonth(to: string, itemCount = 5, key = randomUUID(), buyer?: TestMember) {
  const b = buyer ?? (await p.t.signUp({ fullName: 'Gail Giver' }));
  if (!buyer) expect((await pay(b, card())).status).toBe(200);
  const res = await b.request('/api/gift-cards/plan-month', {
    method: 'POST',
    json: { itemCount, recipientEmail: to, recipientName: 'Rosa', message: 'Enjoy a month on me', idempotencyKey: key },
  });
  return { buyer: b, res };
}

async function codeSentTo(to: string): Promise<string> {
  const mail = await p.t.waitForMail(to, /sent you a month of Rentique Monthly/);
  return codeFrom(mail.text);
}

const redeem = (m: TestMember, code: string) =>
  m.request('/api/gift-cards/redeem', { method: 'POST', json: { code: code.toLowerCase() } });
const redeemed = async (m: TestMember, code: string) => {
  const res = await redeem(m, code);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Redeemed;
};
const email = () => `rosa.${randomUUID().slice(0, 8)}@example.com`;

describe(`gift months (${process.env.TEST_DIALECT})`, () => {
  it('bought once per form with her card, e-mailed with its code; ten redemptions at once give one month; a member without a plan gets Monthly for a month', async () => {
    p.day('2026-11-22');
    const to = email();
    const key = randomUUID();
    const buyer = await p.t.signUp({ fullName: 'Gail Giver' });
    await pay(buyer, card());
    const [a, b] = await Promise.all([giftMonth(to, 5, key, buyer), giftMonth(to, 5, key, buyer)]);
    expect([a.res.status, b.res.status]).toEqual([201, 201]);
    const gift = (await a.res.json()) as GiftCard;
    expect(gift).toMatchObject({ kind: 'plan_month', amountCents: 5666, planMonth: { itemCount: 5 } });
    const ledger = await db().selectFrom('payment_ledger').selectAll().where('user_id', '=', buyer.id).execute();
    expect(ledger.map((e) => [e.purpose, e.kind, e.amount_cents, e.status, e.idempotency_key])).toEqual([
      ['gift_card', 'charge', 5666, 'succeeded', `gift:${gift.id}:charge`],
    ]);
    const mail = await p.t.waitForMail(to, /Gail sent you a month of Rentique Monthly \(5 pieces a month\)/);
    expect(mail.text).toContain('Enjoy a month on me');
    const code = codeFrom(mail.text);

    const members = await Promise.all(Array.from({ length: 10 }, () => p.t.signUp()));
    const answers = await Promise.all(members.map((m) => redeem(m, code)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const winner = members[answers.findIndex((r) => r.status === 200)]!;
    const done = (await answers.find((r) => r.status === 200)!.json()) as Redeemed;
    expect(done).toEqual({
      kind: 'plan_month',
      creditedCents: 0,
      balanceCents: 0,
      planMonth: { how: 'started', planTitle: 'Monthly', itemCount: 5, paidThrough: '2026-12-22' },
    });
    expect(await sub(winner)).toMatchObject({
      plan: 'monthly',
      itemCount: 5,
      status: 'active',
      termStart: '2026-11-22',
      paidThrough: '2026-12-22',
      cancelAt: '2026-12-22',
      giftUntil: '2026-12-22',
      nextBillingDate: null,
      actions: ['undoCancel'],
    });
    // Nothing charged to her; her plan pieces are booked within it.
    expect((await planLedger(p.t, winner.id)).entries).toEqual([]);
    const itemId = await p.item();
    const quote = (await (await winner.request(`/api/rentals/quote?itemId=${itemId}&size=M`)).json()) as Quote;
    expect(quote).toMatchObject({ includedInPlan: true, refusal: null });
    const others = await Promise.all(members.filter((m) => m !== winner).map((m) => sub(m)));
    expect(others.map((s) => s.plan)).toEqual(Array(9).fill('weekly'));
    expect((await redeem(winner, code)).status).toBe(409);
    const row = await db().selectFrom('gift_cards').selectAll().where('id', '=', gift.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ redeemed_by: winner.id, redeemed_how: 'started', plan_until: '2026-12-22' });

    // Not kept: Weekly when the month ends, nothing charged.
    p.day('2026-12-22');
    await runRenewalJob(p.t);
    expect(await sub(winner)).toMatchObject({ plan: 'weekly', giftUntil: null, cancelAt: null });
    expect((await planLedger(p.t, winner.id)).entries).toEqual([]);
  });

  it('kept after the gift month only with a card: then renewed at the end of the month, at its price', async () => {
    p.day('2026-11-22');
    const to = email();
    await giftMonth(to, 3);
    const rosa = await p.t.signUp({ email: to });
    await redeemed(rosa, await codeSentTo(to));
    const refused = await act(rosa, 'cancel', undefined, 'DELETE');
    expect(refused.status).toBe(402);
    expect((await pay(rosa, card())).status).toBe(200); // saving a card charges nothing
    expect((await planLedger(p.t, rosa.id)).entries).toEqual([]);
    expect((await act(rosa, 'cancel', undefined, 'DELETE')).status).toBe(200);
    expect(await sub(rosa)).toMatchObject({ cancelAt: null, giftUntil: null, nextBillingDate: '2026-12-22' });
    p.day('2026-12-22');
    await runRenewalJob(p.t);
    expect(await sub(rosa)).toMatchObject({ plan: 'monthly', status: 'active', paidThrough: '2027-01-22' });
    expect((await planLedger(p.t, rosa.id)).charges.map((c) => c.amount_cents)).toEqual([3999]);
  });

  it('on a paid plan: the next billing date a month later, a booked pause and a cancellation with it, nothing charged (3 Months too)', async () => {
    p.day('2026-11-22');
    const monthly = await p.member('monthly', 4);
    await acted(await act(monthly, 'pause', { months: 1 }));
    const to = email();
    await giftMonth(to, 3);
    const done = await redeemed(monthly, await codeSentTo(to));
    expect(done.planMonth).toMatchObject({ how: 'extended', itemCount: 4, paidThrough: '2027-01-22' });
    expect(await sub(monthly)).toMatchObject({
      plan: 'monthly',
      itemCount: 4,
      termStart: '2026-11-22',
      paidThrough: '2027-01-22',
      nextBillingDate: '2027-01-22',
      pause: { from: '2027-01-22', until: '2027-02-22', reason: 'pause' },
      giftUntil: null,
    });
    // The month before the new billing date is hers: no renewal on the old date.
    p.day('2026-12-22');
    await runRenewalJob(p.t);
    expect(await sub(monthly)).toMatchObject({ status: 'active', currentPeriod: { start: '2026-12-22' } });
    expect((await book(monthly, await p.item())).status).toBe(201);
    expect((await planLedger(p.t, monthly.id)).charges.map((c) => c.amount_cents)).toEqual([4832]);

    p.day('2026-11-22');
    const three = await p.member('threemonths');
    await acted(await act(three, 'cancel'));
    const to3 = email();
    await giftMonth(to3, 3);
    await redeemed(three, await codeSentTo(to3));
    expect(await sub(three)).toMatchObject({
      plan: 'threemonths',
      paidThrough: '2027-03-22',
      commitmentEndsOn: '2027-03-22',
      cancelAt: '2027-03-22',
    });
    expect((await planLedger(p.t, three.id)).charges.map((c) => c.amount_cents)).toEqual([9999]);
  });

  it('paused: the pause ends and a free month of her plan starts today', async () => {
    p.day('2026-11-22');
    const m = await p.member('monthly', 3);
    await acted(await act(m, 'pause', { months: 2 }));
    p.day('2026-12-22');
    await runRenewalJob(p.t);
    expect((await sub(m)).status).toBe('paused');
    p.day('2027-01-05');
    const to = email();
    await giftMonth(to, 6);
    const done = await redeemed(m, await codeSentTo(to));
    expect(done.planMonth).toMatchObject({ how: 'resumed', itemCount: 3, paidThrough: '2027-02-05' });
    expect(await sub(m)).toMatchObject({
      status: 'active',
      itemCount: 3,
      termStart: '2027-01-05',
      paidThrough: '2027-02-05',
      pause: null,
    });
    expect((await book(m, await p.item())).status).toBe(201);
    expect((await planLedger(p.t, m.id)).charges.map((c) => c.amount_cents)).toEqual([3999]);
  });

  it('refuses a count outside 3 to 9, a declined card (nothing sent), and too many tries', async () => {
    p.day('2026-11-22');
    const bad = await giftMonth(email(), 2);
    expect(bad.res.status).toBe(400);
    expect((await giftMonth(email(), 10, randomUUID(), bad.buyer)).res.status).toBe(400);
    const declining = await p.t.signUp();
    await pay(declining, DECLINING_CARD);
    expect((await giftMonth(email(), 3, randomUUID(), declining)).res.status).toBe(402);
    const { giftCards } = (await (await declining.request('/api/gift-cards')).json()) as { giftCards: GiftCard[] };
    expect(giftCards.map((g) => [g.kind, g.status, g.sentAt])).toEqual([['plan_month', 'failed', null]]);
    const guesser = await p.t.signUp();
    const tries = [];
    for (let i = 0; i < 11; i += 1) tries.push((await redeem(guesser, 'GIFT-AAAA-BBBB-CCCC')).status);
    expect(tries.at(-1)).toBe(429);
  });
});
