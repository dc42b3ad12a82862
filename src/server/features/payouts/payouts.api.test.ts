import { describe, expect, it } from 'vitest';
import { csvField } from '../../../domain/payouts';
import type { Payout, PayoutAccount, Statement } from '../../../domain/payouts';
import { returnedMemberRental } from '../../test/member-rental';
import { json, staffedTestApp } from '../../test/staffed-app';

/*
 * Payouts and the lender's statement (decision 0036), on a real database: earnings available two
 * days after the return, the bank account shown back as name and last four only, a payout through
 * the provider via the ledger, two payout requests at the same moment paying once (the unique
 * payout lines decide), and the statement as CSV with RFC 4180 quoting.
 */

const START = '2026-11-24T10:00:00.000Z';
let now = new Date(START);
const later = (days: number, minutes = 0) => new Date(new Date(START).getTime() + days * 86_400_000 + minutes * 60_000);
const env = staffedTestApp(() => now);

const ACCOUNT = { holderName: 'Lena Lender', routingNumber: '011000015', accountNumber: '000123456789' };

describe(`payouts (${process.env.TEST_DIALECT})`, () => {
  it('keeps only the holder and last four of the bank account, and refuses a bad one', async () => {
    const { t } = env;
    const m = await t.signUp();
    expect(await json(m.request('/api/payouts/account'))).toEqual({ account: null });
    const bad = await m.request('/api/payouts/account', {
      method: 'PUT',
      json: { holderName: '', routingNumber: '12', accountNumber: 'abc' },
    });
    expect(bad.status).toBe(400);
    expect(
      ((await bad.json()) as { error: { issues: { path: string }[] } }).error.issues.map((i) => i.path).sort(),
    ).toEqual(['accountNumber', 'holderName', 'routingNumber']);
    const checksum = await m.request('/api/payouts/account', {
      method: 'PUT',
      json: { ...ACCOUNT, routingNumber: '011000016' },
    });
    expect(checksum.status).toBe(400);
    const saved = await json<PayoutAccount>(m.request('/api/payouts/account', { method: 'PUT', json: ACCOUNT }));
    expect(saved).toMatchObject({ holderName: 'Lena Lender', lastFour: '6789' });
    const text = JSON.stringify(await json(m.request('/api/payouts/account')));
    expect(text).not.toContain('123456789');
    const stored = JSON.stringify(await t.ctx.database.db.selectFrom('payout_accounts').selectAll().execute());
    expect(stored).not.toContain('000123456789');
    expect(stored).not.toContain('011000015');
  });

  it('makes an earning available 2 days after the return, then pays it out once through the ledger', async () => {
    const { t, staff } = env;
    now = new Date(START);
    const { lender, rentalId } = await returnedMemberRental(t, {
      staff,
      priceCents: 1_000,
      name: 'Velvet, "Midnight" Gown',
    });
    let st = await json<Statement>(lender.request('/api/payouts/statement'));
    expect(st).toMatchObject({ commissionPercent: 30, sharePercent: 70, availableCents: 0, pendingCents: 700 });
    expect(st.lines[0]).toMatchObject({
      kind: 'earning',
      grossCents: 1_000,
      feeCents: 300,
      netCents: 700,
      status: 'Clearing',
    });
    // No account yet, nothing available yet.
    expect((await lender.request('/api/payouts', { method: 'POST' })).status).toBe(409);
    await json(lender.request('/api/payouts/account', { method: 'PUT', json: ACCOUNT }));
    const early = await lender.request('/api/payouts', { method: 'POST' });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { message: string } }).error.message).toMatch(/nothing available/i);

    now = later(2, 1);
    st = await json<Statement>(lender.request('/api/payouts/statement'));
    expect(st).toMatchObject({ availableCents: 700, pendingCents: 0 });
    const payout = await json<Payout>(lender.request('/api/payouts', { method: 'POST' }), 201);
    expect(payout).toMatchObject({ amountCents: 700, status: 'paid', lastFour: '6789' });
    const entry = await t.ctx.database.db
      .selectFrom('payment_ledger')
      .selectAll()
      .where('purpose', '=', 'payout')
      .where('user_id', '=', lender.id)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ kind: 'payout', amount_cents: 700, status: 'succeeded', recipient_id: lender.id });
    const sim = await t.ctx.database.db
      .selectFrom('payment_sim_objects')
      .selectAll()
      .where('id', '=', entry.provider_ref!)
      .executeTakeFirstOrThrow();
    expect(sim).toMatchObject({ kind: 'payout', amount_cents: 700 });
    st = await json<Statement>(lender.request('/api/payouts/statement'));
    expect(st).toMatchObject({ availableCents: 0, paidOutCents: 700 });
    expect(st.lines.map((l) => [l.kind, l.netCents, l.status])).toEqual([
      ['payout', -700, 'Paid'],
      ['earning', 700, 'Paid out'],
    ]);
    expect((await lender.request('/api/payouts', { method: 'POST' })).status).toBe(409);

    // The CSV: every line, quoted where needed.
    const csv = await lender.request('/api/payouts/statement.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="rentique-statement-/);
    const text = await csv.text();
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Date,Type,Description,Amount (USD),Commission 30% (USD),Net (USD),Status,Available from');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain('"Rental of Velvet, ""Midnight"" Gown (from 2026-11-24)"');
    expect(lines[2]).toContain(',10.00,-3.00,7.00,Paid out,2026-11-26');
    expect(lines[1]).toMatch(/^2026-11-26,payout,Payout to Lena Lender ···· 6789,7.00,0.00,-7.00,Paid,$/);
    void rentalId;
  });

  it('pays once when a payout is requested twice at the same moment', async () => {
    const { t, staff } = env;
    now = new Date(START);
    const lender = await t.signUp();
    await json(lender.request('/api/payouts/account', { method: 'PUT', json: ACCOUNT }));
    await returnedMemberRental(t, { staff, lender, priceCents: 2_000 });
    await returnedMemberRental(t, { staff, lender, priceCents: 1_000 });
    now = later(3);
    const answers = await Promise.all([1, 2, 3].map(() => lender.request('/api/payouts', { method: 'POST' })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const db = t.ctx.database.db;
    const payouts = await db.selectFrom('payouts').selectAll().where('lender_id', '=', lender.id).execute();
    expect(payouts.map((p) => [p.amount_cents, p.status])).toEqual([[2_100, 'paid']]);
    const entries = await db
      .selectFrom('payment_ledger')
      .select(['amount_cents', 'status'])
      .where('purpose', '=', 'payout')
      .where('user_id', '=', lender.id)
      .execute();
    expect(entries).toEqual([{ amount_cents: 2_100, status: 'succeeded' }]);
    expect(await json<Statement>(lender.request('/api/payouts/statement'))).toMatchObject({
      availableCents: 0,
      paidOutCents: 2_100,
    });
  });

  it('keeps statements to their lender', async () => {
    const { t } = env;
    const stranger = await t.signUp();
    const st = await json<Statement>(stranger.request('/api/payouts/statement'));
    expect(st).toMatchObject({ availableCents: 0, pendingCents: 0, lines: [], payouts: [], account: null });
    expect((await t.request('/api/payouts/statement')).status).toBe(401);
    expect((await t.request('/api/payouts/statement.csv')).status).toBe(401);
  });

  it('quotes CSV fields as RFC 4180 says, and defuses spreadsheet formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField(-7)).toBe('-7');
    expect(csvField('-3.00')).toBe('-3.00');
    expect(csvField('-cmd')).toBe("'-cmd");
  });
});
