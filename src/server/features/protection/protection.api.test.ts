import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BookingRequest } from '../../../domain/lending';
import type { Statement } from '../../../domain/payouts';
import {
  PROTECTION_SETTINGS,
  type PieceTerms,
  type RentalProtection,
  type Verification,
} from '../../../domain/protection';
import { makeTestItem, readyToRent } from '../../test/renter';
import { dispatchRental, makeStaff } from '../../test/staff';
import { json, staffedTestApp } from '../../test/staffed-app';
import type { TestMember } from '../../test/test-app';
import { signIdentityWebhook } from './identity-provider';

/*
 * Protection (decision 0064) on a real database: damage charged per the schedule with and without
 * cover (the lender of a member's piece owed the whole); a deposit held, captured once when two
 * staff record damage at once, or released once; the identity webhook applied once (a replay or
 * a forgery changes nothing); Instant Book refused to the unverified and within the policy's days;
 * a request refused outside the lender's days.
 */

const now = new Date('2026-11-24T10:00:00.000Z');
const env = staffedTestApp(() => now);
const post = (m: TestMember, path: string, body?: unknown) =>
  m.request(path, { method: 'POST', ...(body !== undefined ? { json: body } : {}) });

async function ledger(rentalId: number) {
  return env.t.ctx.database.db
    .selectFrom('payment_ledger')
    .select(['purpose', 'kind', 'amount_cents', 'status', 'idempotency_key'])
    .where('rental_id', '=', rentalId)
    .where('purpose', 'in', ['damage_cover', 'deposit', 'damage'])
    .orderBy('id')
    .execute();
}

/** A member's piece requested and accepted; `before` runs before it is sent; then sent, received and returned. */
async function memberRental(
  opts: {
    lender?: TestMember;
    before?: (renter: TestMember, rentalId: number) => Promise<void>;
    /** The lender asks a deposit: the request holds it (decision 0068). */
    deposit?: boolean;
  } = {},
) {
  const { t } = env;
  const lender = opts.lender ?? (await t.signUp());
  const renter = await readyToRent(await t.signUp());
  const itemId = await makeTestItem(t.ctx.database.db, { ownerId: lender.id, priceCents: 1_000 });
  if (opts.deposit)
    await json(
      lender.request(`/api/protection/items/${itemId}/policy`, { method: 'PUT', json: { depositRequired: true } }),
    );
  const req = await json<BookingRequest>(post(renter, '/api/lending/requests', { itemId, size: 'M' }), 201);
  await json(post(lender, `/api/lending/requests/${req.id}/accept`));
  await opts.before?.(renter, req.rentalId);
  await json(post(lender, `/api/lending/requests/${req.id}/send`));
  await json(post(renter, `/api/rentals/${req.rentalId}/received`));
  await json(post(renter, `/api/rentals/${req.rentalId}/return`));
  return { lender, renter, itemId, rentalId: req.rentalId };
}

describe(`protection (${process.env.TEST_DIALECT})`, () => {
  it('charges damage per the schedule: covered, nothing or capped; not covered, the repair; the lender is owed the whole', async () => {
    const { t, staff } = env;
    const lender = await t.signUp();
    const covered = await memberRental({
      lender,
      before: async (renter, rentalId) => {
        const [a, b] = await Promise.all([
          post(renter, `/api/protection/rentals/${rentalId}/cover`),
          post(renter, `/api/protection/rentals/${rentalId}/cover`),
        ]);
        expect([a.status, b.status].sort()).toEqual([201, 409]);
      },
    });
    const bare = await memberRental({ lender });
    // Too late for cover once it is back; the fee was charged once.
    expect((await post(covered.renter, `/api/protection/rentals/${bare.rentalId}/cover`)).status).toBe(404);
    expect((await post(bare.renter, `/api/protection/rentals/${bare.rentalId}/cover`)).status).toBe(409);
    expect(await ledger(covered.rentalId)).toEqual([
      expect.objectContaining({
        purpose: 'damage_cover',
        kind: 'charge',
        amount_cents: PROTECTION_SETTINGS.coverFeeCents,
        status: 'succeeded',
      }),
    ]);

    // A member cannot record damage; a costed kind needs its cost.
    expect(
      (await post(covered.renter, `/api/ops/protection/rentals/${covered.rentalId}/damage`, { kind: 'wear' })).status,
    ).toBe(403);
    expect(
      (await post(staff, `/api/ops/protection/rentals/${covered.rentalId}/damage`, { kind: 'minor_repair' })).status,
    ).toBe(400);

    const minor = { kind: 'minor_repair', costCents: 6_000, note: 'Seam resewn' };
    const c = await json<RentalProtection>(
      post(staff, `/api/ops/protection/rentals/${covered.rentalId}/damage`, minor),
    );
    expect(c.damage).toMatchObject({
      covered: true,
      renterCents: 0,
      fullCents: 6_000,
      coverCents: 6_000,
      lenderCents: 6_000,
    });
    const u = await json<RentalProtection>(
      post(staff, `/api/ops/protection/rentals/${bare.rentalId}/damage`, { ...minor, costCents: 9_000 }),
    );
    // Not covered: the repair, at most the minor-repair cap.
    expect(u.damage).toMatchObject({ covered: false, renterCents: 7_500, chargedCents: 7_500, fullCents: 7_500 });
    expect(await ledger(bare.rentalId)).toEqual([
      {
        purpose: 'damage',
        kind: 'charge',
        amount_cents: 7_500,
        status: 'succeeded',
        idempotency_key: `damage:${bare.rentalId}:charge`,
      },
    ]);
    expect((await post(staff, `/api/ops/protection/rentals/${bare.rentalId}/damage`, minor)).status).toBe(409);

    const statement = await json<Statement>(lender.request('/api/payouts/statement'));
    const damage = statement.lines
      .filter((l) => l.kind === 'damage')
      .map((l) => l.netCents)
      .sort();
    expect(damage).toEqual([6_000, 7_500]);
    const audit = await t.ctx.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'damage.record')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('a deposit is held with the request, captured once when two staff record damage at once, released once otherwise', async () => {
    const { t, staff } = env;
    const other = await makeStaff(t, { email: `staff-${Date.now()}@example.com` });
    // The request held it (decision 0068): placing it again is refused.
    const place = async (renter: TestMember, rentalId: number) => {
      const p = await json<RentalProtection>(renter.request(`/api/protection/rentals/${rentalId}`));
      expect(p.deposit).toMatchObject({ status: 'held', amountCents: 2_475 });
      expect((await post(renter, `/api/protection/rentals/${rentalId}/deposit`)).status).toBe(409);
    };
    const a = await memberRental({ before: place, deposit: true });
    const terms = await json<PieceTerms>(t.app.request(`/api/protection/items/${a.itemId}/terms`));
    expect(terms).toMatchObject({ depositRequired: true, depositCents: 2_475, fromMember: true });

    const stain = { kind: 'small_stain' };
    const [r1, r2] = await Promise.all([
      post(staff, `/api/ops/protection/rentals/${a.rentalId}/damage`, stain),
      post(other, `/api/ops/protection/rentals/${a.rentalId}/damage`, stain),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    const rows = await ledger(a.rentalId);
    expect(rows.filter((r) => r.kind === 'capture')).toEqual([
      {
        purpose: 'deposit',
        kind: 'capture',
        amount_cents: PROTECTION_SETTINGS.stainFeeCents,
        status: 'succeeded',
        idempotency_key: `deposit:${a.rentalId}:capture`,
      },
    ]);
    expect(rows.filter((r) => r.purpose === 'damage')).toEqual([]);
    const after = await json<RentalProtection>(a.renter.request(`/api/protection/rentals/${a.rentalId}`));
    expect(after.deposit).toMatchObject({ status: 'captured', capturedCents: 1_500 });

    const b = await memberRental({ before: place, deposit: true });
    const [x, y] = await Promise.all([
      post(staff, `/api/ops/protection/rentals/${b.rentalId}/deposit/release`),
      post(other, `/api/ops/protection/rentals/${b.rentalId}/deposit/release`),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    expect((await ledger(b.rentalId)).map((r) => `${r.kind}:${r.status}`)).toEqual([
      'authorise:succeeded',
      'void:succeeded',
    ]);
  });

  it('the identity webhook: applied once; a replay or a forgery changes nothing', async () => {
    const { t } = env;
    const secret = createHash('sha256')
      .update(`identity-webhook:${t.ctx.env.authSecret ?? 'development'}`)
      .digest('hex');
    const webhook = (body: string, signature: string) =>
      t.app.request('/api/webhooks/identity', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'x-identity-signature': signature },
      });
    const rita = await t.signUp();
    const v = await json<Verification>(
      post(rita, '/api/protection/verification', {
        documentType: 'passport',
        documentNumber: 'REJECT123',
        selfie: true,
      }),
    );
    expect(v).toMatchObject({ status: 'rejected', verified: false });
    const check = await t.ctx.database.db
      .selectFrom('identity_checks')
      .selectAll()
      .where('user_id', '=', rita.id)
      .executeTakeFirstOrThrow();
    const delivery = t.services.identityProvider.delivery(check.provider_ref)!;

    // The same delivery again: acknowledged, nothing changes.
    const replay = await json<{ duplicate: boolean; changed: boolean }>(webhook(delivery.body, delivery.signature));
    expect(replay).toMatchObject({ duplicate: true, changed: false });
    // The body changed to approved under the old signature, or signed with another secret: refused.
    const forged = delivery.body.replace('"rejected"', '"approved"');
    const refused = await webhook(forged, delivery.signature);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('BAD_REQUEST');
    expect((await webhook(forged, signIdentityWebhook('not-the-secret', forged, now.getTime()))).status).toBe(400);
    // A new, validly signed event cannot reopen a decided check.
    const late = JSON.stringify({ ...JSON.parse(forged), id: 'evt_later' });
    const lateRes = await json<{ changed: boolean }>(webhook(late, signIdentityWebhook(secret, late, now.getTime())));
    expect(lateRes.changed).toBe(false);
    expect((await json<Verification>(rita.request('/api/protection/verification'))).verified).toBe(false);

    // Approved once; twice at once, one check.
    const vera = await t.signUp();
    const input = { documentType: 'id_card', documentNumber: 'AB123456', selfie: true };
    const [p, q] = await Promise.all([
      post(vera, '/api/protection/verification', input),
      post(vera, '/api/protection/verification', input),
    ]);
    expect([p.status, q.status]).toContain(200);
    expect((await json<Verification>(vera.request('/api/protection/verification'))).verified).toBe(true);
    const checks = await t.ctx.database.db
      .selectFrom('identity_checks')
      .select('status')
      .where('user_id', '=', vera.id)
      .execute();
    expect(checks).toEqual([{ status: 'approved' }]);
  });

  it('Instant Book: refused to the unverified and outside the policy; a verified member books at once', async () => {
    const { t } = env;
    const lender = await t.signUp();
    const itemId = await makeTestItem(t.ctx.database.db, { ownerId: lender.id, priceCents: 1_000 });
    const renter = await readyToRent(await t.signUp());
    const book = { itemId, size: 'M', startDate: '2026-11-25', endDate: '2026-12-01' };
    expect((await post(renter, '/api/protection/instant-book', book)).status).toBe(409);
    const stranger = await t.signUp();
    const policy = { minDays: 3, maxDays: 10, cleaning: 'Dry clean only', instantBook: true };
    expect(
      (await stranger.request(`/api/protection/items/${itemId}/policy`, { method: 'PUT', json: policy })).status,
    ).toBe(403);
    await json(lender.request(`/api/protection/items/${itemId}/policy`, { method: 'PUT', json: policy }));

    const unverified = await post(renter, '/api/protection/instant-book', book);
    expect(unverified.status).toBe(403);
    expect(((await unverified.json()) as { error: { message: string } }).error.message).toMatch(/verified members/);
    expect(await t.ctx.database.db.selectFrom('rentals').select('id').where('item_id', '=', itemId).execute()).toEqual(
      [],
    );

    await json(
      post(renter, '/api/protection/verification', {
        documentType: 'passport',
        documentNumber: 'P1234567',
        selfie: true,
      }),
    );
    expect((await post(renter, '/api/protection/instant-book', { ...book, endDate: '2026-11-27' })).status).toBe(400);
    const booked = await json<BookingRequest>(post(renter, '/api/protection/instant-book', book), 201);
    expect(booked).toMatchObject({ status: 'accepted', role: 'renter' });
    const terms = await json<PieceTerms>(t.app.request(`/api/protection/items/${itemId}/terms`));
    expect(terms).toMatchObject({ instantBook: true, minDays: 3, cleaning: 'Dry clean only', lenderVerified: false });
  });
  it("the lender's minimum and maximum days bind a request: refused outside them in the one error shape, nothing held", async () => {
    const { t } = env;
    const lender = await t.signUp();
    const itemId = await makeTestItem(t.ctx.database.db, { ownerId: lender.id, priceCents: 1_000 });
    const renter = await readyToRent(await t.signUp());
    await json(
      lender.request(`/api/protection/items/${itemId}/policy`, { method: 'PUT', json: { minDays: 3, maxDays: 5 } }),
    );
    const ask = (endDate: string) =>
      post(renter, '/api/lending/requests', { itemId, size: 'M', startDate: '2026-11-25', endDate });
    const short = await ask('2026-11-27');
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'This lender rents this piece for at least 3 days.',
        details: { days: 2, minDays: 3, maxDays: 5 },
        issues: [{ path: 'endDate', message: 'This lender rents this piece for at least 3 days.' }],
      },
    });
    const long = await ask('2026-12-01');
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({
      error: {
        message: 'This lender rents this piece for at most 5 days.',
        details: { days: 6, minDays: 3, maxDays: 5 },
      },
    });
    // Nothing held, nothing authorised for the refused ones; within the days, the request goes.
    expect(await t.ctx.database.db.selectFrom('rentals').select('id').where('item_id', '=', itemId).execute()).toEqual(
      [],
    );
    const req = await json<BookingRequest>(ask('2026-11-29'), 201);
    expect(req).toMatchObject({ status: 'pending', role: 'renter' });
  });
  it('damage found at the desk check-in of a house piece is charged per the schedule, once', async () => {
    const { t, staff } = env;
    const renter = await readyToRent(await t.signUp());
    const itemId = await makeTestItem(t.ctx.database.db, { priceCents: 1_000 });
    const rental = await json<{ id: number }>(post(renter, '/api/rentals', { itemId, size: 'M' }), 201);
    await dispatchRental(staff, rental.id);
    const { unitCode } = await json<{ unitCode: string }>(staff.request(`/api/ops/rentals/${rental.id}`));
    const checkIn = (damage: unknown) =>
      post(staff, `/api/ops/units/${unitCode}/check-in`, { condition: 'damaged', damage });
    // A repair needs its cost: refused before anything is checked in.
    expect((await checkIn({ kind: 'major_repair' })).status).toBe(400);
    await json(checkIn({ kind: 'major_repair', costCents: 20_000, note: 'Zip torn out' }));
    const p = await json<RentalProtection>(staff.request(`/api/protection/rentals/${rental.id}`));
    // Not covered: the repair, at most half the retail price ($99.00), no lender to pay.
    expect(p.damage).toMatchObject({ kind: 'major_repair', covered: false, renterCents: 4_950, lenderCents: 0 });
    expect(await ledger(rental.id)).toEqual([
      expect.objectContaining({ purpose: 'damage', amount_cents: 4_950, status: 'succeeded' }),
    ]);
    expect((await post(staff, `/api/ops/protection/rentals/${rental.id}/damage`, { kind: 'wear' })).status).toBe(409);
  });
});
