import { describe, expect, it } from 'vitest';
import type { DeskClaim } from '../../../domain/claims';
import type { BookingRequest } from '../../../domain/lending';
import type { Statement } from '../../../domain/payouts';
import type { InstantBookEligibility, PieceTerms, RentalProtection } from '../../../domain/protection';
import { listingForm, makePng, sampleListing } from '../listings/listings.test-helpers';
import { makeItem } from '../../test/factories';
import { makeTestItem, readyToRent } from '../../test/renter';
import { json, staffedTestApp } from '../../test/staffed-app';
import type { TestMember } from '../../test/test-app';

/*
 * Deposits placed by requests, and one credit per rental's damage (decision 0068), on a real
 * database: a piece that asks a deposit has it authorised with the request, released after a
 * clean check-in (or when the request ends), captured only through a decided claim; a declined
 * deposit refuses the request with nothing held; renting a member's piece worth the setting or
 * more asks a verified identity; Instant Book's eligibility; an upheld claim and damage recorded
 * at once credit the lender once.
 */

const now = new Date('2026-11-24T10:00:00.000Z');
const env = staffedTestApp(() => now);
const post = (m: TestMember, path: string, body?: unknown) =>
  m.request(path, { method: 'POST', ...(body !== undefined ? { json: body } : {}) });
const DEPOSIT = 2_475; // 25% of the test piece's $99.00

async function ledger(rentalId: number) {
  return env.t.ctx.database.db
    .selectFrom('payment_ledger')
    .select(['purpose', 'kind', 'amount_cents', 'status', 'decline_code'])
    .where('rental_id', '=', rentalId)
    .orderBy('id')
    .execute();
}
const moves = async (rentalId: number) =>
  (await ledger(rentalId)).map((r) => `${r.purpose}:${r.kind}:${r.amount_cents}:${r.status}`);

/** A lender's piece asking a deposit (her policy), and a renter ready to rent. */
async function depositPiece(renterCard?: string) {
  const { t } = env;
  const lender = await t.signUp();
  const renter = await readyToRent(await t.signUp(), renterCard ? { cardNumber: renterCard } : {});
  const itemId = await makeTestItem(t.ctx.database.db, { ownerId: lender.id, priceCents: 1_000 });
  await json(
    lender.request(`/api/protection/items/${itemId}/policy`, { method: 'PUT', json: { depositRequired: true } }),
  );
  return { lender, renter, itemId };
}

/** Requested, accepted, sent, received and returned by the renter; the lender has not checked it in. */
async function returned(p: Awaited<ReturnType<typeof depositPiece>>) {
  const req = await json<BookingRequest>(post(p.renter, '/api/lending/requests', { itemId: p.itemId, size: 'M' }), 201);
  await json(post(p.lender, `/api/lending/requests/${req.id}/accept`));
  await json(post(p.lender, `/api/lending/requests/${req.id}/send`));
  await json(post(p.renter, `/api/rentals/${req.rentalId}/received`));
  await json(post(p.renter, `/api/rentals/${req.rentalId}/return`));
  return req;
}

async function openClaim(lender: TestMember, rentalId: number, amountCents: number) {
  const form = new FormData();
  form.set('data', JSON.stringify({ rentalId, amountCents, description: 'A tear along the side seam' }));
  form.append('photos', new File([new Uint8Array(await makePng(200, 240))], 'd.png', { type: 'image/png' }));
  return json<{ id: number }>(lender.request('/api/claims', { method: 'POST', body: form }), 201);
}

const verify = (m: TestMember) =>
  json(post(m, '/api/protection/verification', { documentType: 'passport', documentNumber: 'P1234567', selfie: true }));

describe(`deposits and one credit per rental (${process.env.TEST_DIALECT})`, () => {
  it('a deposit is authorised with the request, shown before, and released after a clean check-in', async () => {
    const p = await depositPiece();
    const terms = await json<PieceTerms>(env.t.app.request(`/api/protection/items/${p.itemId}/terms`));
    expect(terms).toMatchObject({ depositCents: DEPOSIT, fromMember: true, verificationRequired: false });
    const req = await returned(p);
    expect(await moves(req.rentalId)).toEqual([
      'lending_request:authorise:1000:succeeded',
      `deposit:authorise:${DEPOSIT}:succeeded`,
      'lending_request:capture:1000:succeeded',
    ]);
    // Held once: the route that places it answers 409 now.
    expect((await post(p.renter, `/api/protection/rentals/${req.rentalId}/deposit`)).status).toBe(409);
    await json(post(p.lender, `/api/lending/requests/${req.id}/back`, { condition: 'good' }));
    const after = await json<RentalProtection>(p.renter.request(`/api/protection/rentals/${req.rentalId}`));
    expect(after.deposit).toMatchObject({ status: 'released', capturedCents: 0 });
    expect((await moves(req.rentalId)).slice(3)).toEqual([`deposit:void:${DEPOSIT}:succeeded`]);
  });

  it('a declined request and a rejected claim release the deposit; an upheld claim captures from it first', async () => {
    const { staff } = env;
    // Declined by the lender: the price and the deposit voided.
    const d = await depositPiece();
    const asked = await json<BookingRequest>(
      post(d.renter, '/api/lending/requests', { itemId: d.itemId, size: 'M' }),
      201,
    );
    await json(post(d.lender, `/api/lending/requests/${asked.id}/decline`));
    expect((await moves(asked.rentalId)).filter((m) => m.includes(':void:')).sort()).toEqual([
      `deposit:void:${DEPOSIT}:succeeded`,
      'lending_request:void:1000:succeeded',
    ]);

    // Checked in damaged: the deposit waits for the claim; upheld, $24.75 from it and $15.25 from the card.
    const u = await depositPiece();
    const up = await returned(u);
    await json(post(u.lender, `/api/lending/requests/${up.id}/back`, { condition: 'damaged' }));
    const held = await json<RentalProtection>(u.renter.request(`/api/protection/rentals/${up.rentalId}`));
    expect(held.deposit).toMatchObject({ status: 'held' });
    const claim = await openClaim(u.lender, up.rentalId, 4_000);
    const decided = await json<DeskClaim>(post(staff, `/api/ops/claims/${claim.id}/uphold`, { note: 'Photos agree' }));
    expect(decided).toMatchObject({ status: 'upheld', chargeStatus: 'charged' });
    expect((await moves(up.rentalId)).slice(3)).toEqual([
      `deposit:capture:${DEPOSIT}:succeeded`,
      `damage_claim:charge:${4_000 - DEPOSIT}:succeeded`,
    ]);
    const captured = await json<RentalProtection>(u.renter.request(`/api/protection/rentals/${up.rentalId}`));
    expect(captured.deposit).toMatchObject({ status: 'captured', capturedCents: DEPOSIT });
    const statement = await json<Statement>(u.lender.request('/api/payouts/statement'));
    expect(statement.lines.filter((l) => l.kind === 'claim').map((l) => l.netCents)).toEqual([4_000]);

    // Rejected: released.
    const r = await depositPiece();
    const rej = await returned(r);
    await json(post(r.lender, `/api/lending/requests/${rej.id}/back`, { condition: 'needs_repair' }));
    const rejected = await openClaim(r.lender, rej.rentalId, 2_000);
    await json(post(staff, `/api/ops/claims/${rejected.id}/reject`, { note: 'Wear, not damage' }));
    expect((await moves(rej.rentalId)).slice(3)).toEqual([`deposit:void:${DEPOSIT}:succeeded`]);
  });

  it('a declined deposit refuses the request with a clear message and holds nothing', async () => {
    const { t } = env;
    const p = await depositPiece('4000 0000 0000 0341');
    const res = await post(p.renter, '/api/lending/requests', { itemId: p.itemId, size: 'M' });
    expect(res.status).toBe(402);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('PAYMENT_DECLINED');
    expect(body.error.message).toMatch(/did not accept the deposit.*nothing was booked and nothing is held/);
    const rental = await t.ctx.database.db
      .selectFrom('rentals')
      .innerJoin('bookings', 'bookings.id', 'rentals.booking_id')
      .select(['rentals.id', 'bookings.released_at'])
      .where('rentals.item_id', '=', p.itemId)
      .executeTakeFirstOrThrow();
    expect(rental.released_at).not.toBeNull();
    // The deposit declined; the price's authorisation never sent to the card.
    expect(await ledger(rental.id)).toEqual([
      expect.objectContaining({
        purpose: 'lending_request',
        kind: 'authorise',
        status: 'failed',
        decline_code: 'not_sent',
      }),
      expect.objectContaining({ purpose: 'deposit', kind: 'authorise', status: 'declined' }),
    ]);
    const request = await t.ctx.database.db
      .selectFrom('booking_requests')
      .select('status')
      .where('rental_id', '=', rental.id)
      .executeTakeFirstOrThrow();
    expect(request.status).toBe('failed');
    // The days are free: another renter requests the same piece and size at once.
    const other = await readyToRent(await t.signUp());
    await json(post(other, '/api/lending/requests', { itemId: p.itemId, size: 'M' }), 201);
  });

  it("renting a member's piece worth the setting or more asks a verified identity; Instant Book says who may", async () => {
    const { t } = env;
    const lender = await t.signUp();
    const itemId = await makeItem(t.ctx.database.db, { ownerId: lender.id, retailCents: 250_000, priceCents: 5_000 });
    const renter = await readyToRent(await t.signUp());
    const terms = await json<PieceTerms>(t.app.request(`/api/protection/items/${itemId}/terms`));
    expect(terms).toMatchObject({ verificationRequired: true, depositCents: 25_000 });
    const refused = await post(renter, '/api/lending/requests', { itemId, size: 'M' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { code: 'FORBIDDEN', message: expect.stringMatching(/\$2,000\.00 or more is for verified members/) },
    });
    expect(await t.ctx.database.db.selectFrom('rentals').select('id').where('item_id', '=', itemId).execute()).toEqual(
      [],
    );
    expect(await json<InstantBookEligibility>(renter.request('/api/protection/instant-book'))).toEqual({
      eligible: false,
      reason: expect.stringMatching(/verified members/),
    });
    await verify(renter);
    expect(await json<InstantBookEligibility>(renter.request('/api/protection/instant-book'))).toEqual({
      eligible: true,
      reason: null,
    });
    const req = await json<BookingRequest>(post(renter, '/api/lending/requests', { itemId, size: 'M' }), 201);
    expect(await moves(req.rentalId)).toEqual([
      'lending_request:authorise:5000:succeeded',
      'deposit:authorise:25000:succeeded',
    ]);
    // The lender's control: Instant Book on, the rest of her policy kept; not hers, 403.
    await json(lender.request(`/api/protection/items/${itemId}/policy`, { method: 'PUT', json: { minDays: 2 } }));
    const on = await json<PieceTerms>(
      lender.request(`/api/protection/items/${itemId}/instant-book`, { method: 'PUT', json: { instantBook: true } }),
    );
    expect(on).toMatchObject({ instantBook: true, minDays: 2 });
    const put = { method: 'PUT', json: { instantBook: false } } as const;
    expect((await renter.request(`/api/protection/items/${itemId}/instant-book`, put)).status).toBe(403);
  });

  it('lending asks a verified identity: an unverified member cannot list a piece, a verified one can', async () => {
    const { t } = env;
    const member = await t.signUp();
    const form = async () =>
      listingForm(sampleListing({ name: 'Linen Wrap Dress' }), [
        { data: await makePng(120, 160), name: 'p.png', type: 'image/png' },
      ]);
    const refused = await member.request('/api/listings', { method: 'POST', body: await form() });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: {
        code: 'FORBIDDEN',
        message: 'Lending is for verified members: verify your identity first, then list your piece.',
      },
    });
    expect(
      await t.ctx.database.db.selectFrom('items').select('id').where('owner_id', '=', member.id).execute(),
    ).toEqual([]);
    await verify(member);
    await json(member.request('/api/listings', { method: 'POST', body: await form() }), 201);
  });

  it('a declined cover fee can be tried again: charged once on success, never twice', async () => {
    const { t } = env;
    const lender = await t.signUp();
    const renter = await readyToRent(await t.signUp());
    const itemId = await makeTestItem(t.ctx.database.db, { ownerId: lender.id, priceCents: 1_000 });
    const req = await json<BookingRequest>(post(renter, '/api/lending/requests', { itemId, size: 'M' }), 201);
    await json(post(lender, `/api/lending/requests/${req.id}/accept`));
    // Her card now declines: the fee fails, and she can try again.
    await readyToRent(renter, { cardNumber: '4000 0000 0000 0341' });
    const failed = await json<RentalProtection>(post(renter, `/api/protection/rentals/${req.rentalId}/cover`), 201);
    expect(failed).toMatchObject({ cover: { status: 'failed' }, canAddCover: true });
    await readyToRent(renter);
    const [a, b] = await Promise.all([
      post(renter, `/api/protection/rentals/${req.rentalId}/cover`),
      post(renter, `/api/protection/rentals/${req.rentalId}/cover`),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const covers = (await ledger(req.rentalId)).filter((r) => r.purpose === 'damage_cover');
    expect(covers.map((r) => r.status)).toEqual(['declined', 'succeeded']);
    const covered = await json<RentalProtection>(renter.request(`/api/protection/rentals/${req.rentalId}`));
    expect(covered).toMatchObject({ cover: { status: 'active' }, canAddCover: false });
    expect((await post(renter, `/api/protection/rentals/${req.rentalId}/cover`)).status).toBe(409);
  });

  it('an upheld claim and damage recorded at once credit the lender once; either refuses after the other', async () => {
    const { t, staff } = env;
    for (let round = 0; round < 2; round += 1) {
      const lender = await t.signUp();
      const renter = await readyToRent(await t.signUp());
      const itemId = await makeTestItem(t.ctx.database.db, { ownerId: lender.id, priceCents: 1_000 });
      const req = await returned({ lender, renter, itemId });
      const claim = await openClaim(lender, req.rentalId, 3_000);
      const [c, d] = await Promise.all([
        post(staff, `/api/ops/claims/${claim.id}/uphold`, { note: 'Agreed' }),
        post(staff, `/api/ops/protection/rentals/${req.rentalId}/damage`, { kind: 'small_stain' }),
      ]);
      expect([c.status, d.status].sort()).toEqual([200, 409]);
      const loser = (await (c.status === 409 ? c : d).json()) as { error: { message: string } };
      expect(loser.error.message).toMatch(/credited the lender/);
      const credits = await t.ctx.database.db
        .selectFrom('damage_credits')
        .selectAll()
        .where('rental_id', '=', req.rentalId)
        .execute();
      expect(credits).toHaveLength(1);
      const statement = await json<Statement>(lender.request('/api/payouts/statement'));
      const lines = statement.lines.filter((l) => l.kind === 'claim' || l.kind === 'damage');
      expect(lines).toHaveLength(1);
      expect(lines[0]!.netCents).toBe(credits[0]!.source === 'claim' ? 3_000 : 1_500);
      // The renter was charged once too: by the winner only.
      const charges = (await ledger(req.rentalId)).filter(
        (r) => r.purpose === 'damage_claim' || r.purpose === 'damage',
      );
      expect(charges).toHaveLength(1);
    }
  });
});
