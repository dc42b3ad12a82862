import { describe, expect, it } from 'vitest';
import type { Claim, ClaimableRental, DeskClaim } from '../../../domain/claims';
import type { Statement } from '../../../domain/payouts';
import { makePng } from '../listings/listings.test-helpers';
import { returnedMemberRental } from '../../test/member-rental';
import { TEST_CARD } from '../../test/renter';
import { json, staffedTestApp } from '../../test/staffed-app';
import type { TestMember } from '../../test/test-app';

/*
 * Damage claims (decision 0036) on a real database: opened by the lender within 48 hours of the
 * return with photos and an amount up to the retail price (refused after, and above it), one per
 * rental, holding the rental's earning; decided once by staff on the desk (uphold charges the
 * renter through the provider and credits the lender; reject releases the earning), audited,
 * both members notified.
 */

const START = '2026-11-24T10:00:00.000Z';
let now = new Date(START);
const later = (hours: number) => new Date(new Date(START).getTime() + hours * 3_600_000);
const env = staffedTestApp(() => now);

async function claimForm(data: unknown, photos = 1): Promise<FormData> {
  const form = new FormData();
  form.set('data', JSON.stringify(data));
  const png = await makePng(200, 240);
  for (let i = 0; i < photos; i += 1)
    form.append('photos', new File([new Uint8Array(png)], `d${i}.png`, { type: 'image/png' }));
  return form;
}
const openClaim = async (m: TestMember, data: unknown, photos = 1) =>
  m.request('/api/claims', { method: 'POST', body: await claimForm(data, photos) });

describe(`damage claims (${process.env.TEST_DIALECT})`, () => {
  it('is refused more than 48 hours after the return, above the retail price, without photos, and to anyone but the lender', async () => {
    const { t, staff } = env;
    now = new Date(START);
    const { lender, renter, rentalId } = await returnedMemberRental(t, { staff });
    expect(
      (await openClaim(renter, { rentalId, amountCents: 5_000, description: 'A tear along the hem' })).status,
    ).toBe(404);
    const over = await openClaim(lender, { rentalId, amountCents: 9_901, description: 'A tear along the hem' });
    expect(over.status).toBe(400);
    expect(((await over.json()) as { error: { issues: { path: string }[] } }).error.issues[0]!.path).toBe(
      'amountCents',
    );
    expect(
      (await openClaim(lender, { rentalId, amountCents: 5_000, description: 'A tear along the hem' }, 0)).status,
    ).toBe(400);
    const notImage = new FormData();
    notImage.set('data', JSON.stringify({ rentalId, amountCents: 5_000, description: 'A tear along the hem' }));
    notImage.append(
      'photos',
      new File([new TextEncoder().encode('not a picture at all')], 'x.png', { type: 'image/png' }),
    );
    expect((await lender.request('/api/claims', { method: 'POST', body: notImage })).status).toBe(415);
    expect(
      (await json<{ rentals: ClaimableRental[] }>(lender.request('/api/claims/claimable'))).rentals.map(
        (r) => r.rentalId,
      ),
    ).toContain(rentalId);

    now = later(48.1);
    const late = await openClaim(lender, { rentalId, amountCents: 5_000, description: 'A tear along the hem' });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: { message: string } }).error.message).toMatch(/within 48 hours/);
    expect((await json<{ rentals: ClaimableRental[] }>(lender.request('/api/claims/claimable'))).rentals).toEqual([]);
    expect(
      await t.ctx.database.db.selectFrom('damage_claims').select('id').where('rental_id', '=', rentalId).execute(),
    ).toEqual([]);
  });

  it('holds the earning while open; upheld, charges the renter and credits the lender; audited and notified', async () => {
    const { t, staff } = env;
    now = new Date(START);
    const { lender, renter, rentalId } = await returnedMemberRental(t, { staff, priceCents: 1_000 });
    now = later(47);
    // Staff cannot read the two members' thread until a claim on the rental is open (decision 0035).
    const thread = `/api/lending/threads/${rentalId}`;
    expect((await staff.request(thread)).status).toBe(403);
    const claim = await json<Claim>(
      openClaim(lender, { rentalId, amountCents: 4_500, description: 'Red wine stain on the front panel' }, 2),
      201,
    );
    expect((await staff.request(thread)).status).toBe(200);
    expect(claim).toMatchObject({
      status: 'open',
      amountCents: 4_500,
      photos: [{ url: expect.stringMatching(/^\/api\/claims\/\d+\/photos\/0/) }, expect.anything()],
    });
    // One claim per rental.
    expect(
      (await openClaim(lender, { rentalId, amountCents: 100, description: 'And a missing button too' })).status,
    ).toBe(409);
    // The photo: the two parties and staff only.
    const photoPath = claim.photos[0]!.url;
    expect((await renter.request(photoPath)).status).toBe(200);
    expect((await staff.request(photoPath)).status).toBe(200);
    expect((await (await t.signUp()).request(photoPath)).status).toBe(404);

    // Two days after the return the earning would be available, but the open claim holds it.
    now = later(49);
    let st = await json<Statement>(lender.request('/api/payouts/statement'));
    expect(st).toMatchObject({ availableCents: 0, pendingCents: 700 });
    expect(st.lines.find((l) => l.kind === 'earning')?.status).toBe('Held: claim open');

    // Members cannot decide; staff see it on the desk.
    expect(
      (
        await lender.request(`/api/ops/claims/${claim.id}/uphold`, {
          method: 'POST',
          json: { note: 'Looks right to me' },
        })
      ).status,
    ).toBe(403);
    const desk = await json<{ claims: DeskClaim[] }>(staff.request('/api/ops/claims'));
    expect(desk.claims.find((c) => c.id === claim.id)).toMatchObject({
      lender: { id: lender.id },
      renter: { id: renter.id },
    });
    expect(
      (await staff.request(`/api/ops/claims/${claim.id}/uphold`, { method: 'POST', json: { note: '' } })).status,
    ).toBe(400);

    const decided = await Promise.all([
      staff.request(`/api/ops/claims/${claim.id}/uphold`, {
        method: 'POST',
        json: { note: 'The photos show the stain clearly' },
      }),
      staff.request(`/api/ops/claims/${claim.id}/reject`, {
        method: 'POST',
        json: { note: 'Not enough to go on here' },
      }),
    ]);
    expect(decided.map((r) => r.status).sort()).toEqual([200, 409]);
    const upheld = decided.find((r) => r.status === 200)!;
    const result = (await upheld.json()) as DeskClaim;
    const db = t.ctx.database.db;
    if (result.status === 'upheld') {
      expect(result).toMatchObject({ chargeStatus: 'charged', note: 'The photos show the stain clearly' });
      const charge = await db
        .selectFrom('payment_ledger')
        .selectAll()
        .where('purpose', '=', 'damage_claim')
        .where('user_id', '=', renter.id)
        .execute();
      expect(charge.map((c) => [c.kind, c.amount_cents, c.status])).toEqual([['charge', 4_500, 'succeeded']]);
      st = await json<Statement>(lender.request('/api/payouts/statement'));
      expect(st.availableCents).toBe(700 + 4_500);
      expect(st.lines.find((l) => l.kind === 'claim')).toMatchObject({ netCents: 4_500, status: 'Available' });
    } else {
      expect(result.status).toBe('rejected');
      st = await json<Statement>(lender.request('/api/payouts/statement'));
      expect(st.availableCents).toBe(700);
    }
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject_type', '=', 'claim')
      .where('subject_id', '=', String(claim.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: staff.id,
      action: result.status === 'upheld' ? 'claim.uphold' : 'claim.reject',
    });
    const notes = await db
      .selectFrom('notifications')
      .select(['user_id', 'kind'])
      .where('subject_type', '=', 'claim')
      .where('subject_id', '=', String(claim.id))
      .execute();
    expect(
      notes
        .map((n) => `${n.kind}:${n.user_id === lender.id ? 'lender' : n.user_id === renter.id ? 'renter' : '?'}`)
        .sort(),
    ).toEqual(['claim_decided:lender', 'claim_decided:renter', 'claim_opened:lender', 'claim_opened:renter']);
    // Both see it in their claims.
    expect((await json<{ claims: Claim[] }>(renter.request('/api/claims'))).claims.map((c) => c.id)).toContain(
      claim.id,
    );
  });

  it('upheld with a declined card: Charge failed, the lender not credited; staff charge again once she has a card that pays (five clicks at once charge once); audited', async () => {
    const { t, staff } = env;
    now = new Date(START);
    const { lender, renter, rentalId } = await returnedMemberRental(t, { staff, priceCents: 1_000 });
    const claim = await json<Claim>(
      openClaim(lender, { rentalId, amountCents: 3_000, description: 'Torn lining in the left sleeve' }),
      201,
    );
    // Her card on file now declines charges.
    await json(
      renter.request('/api/plans/payment-method', {
        method: 'PUT',
        json: { ...TEST_CARD, cardNumber: '4000 0000 0000 0341' },
      }),
    );
    const retry = () => staff.request(`/api/ops/claims/${claim.id}/retry-charge`, { method: 'POST' });
    // Nothing to charge again while the claim is open.
    expect((await retry()).status).toBe(409);
    const upheld = await json<DeskClaim>(
      staff.request(`/api/ops/claims/${claim.id}/uphold`, { method: 'POST', json: { note: 'The lining is torn' } }),
    );
    expect(upheld).toMatchObject({ status: 'upheld', chargeStatus: 'failed' });
    now = later(49);
    expect((await json<Statement>(lender.request('/api/payouts/statement'))).availableCents).toBe(700);

    // Only staff charge again; with the same card it fails again.
    expect((await renter.request(`/api/ops/claims/${claim.id}/retry-charge`, { method: 'POST' })).status).toBe(403);
    expect((await lender.request(`/api/ops/claims/${claim.id}/retry-charge`, { method: 'POST' })).status).toBe(403);
    expect(await json<DeskClaim>(retry())).toMatchObject({ chargeStatus: 'failed' });

    // She changes her card: five clicks at once charge her once.
    await json(renter.request('/api/plans/payment-method', { method: 'PUT', json: TEST_CARD }));
    const answers = await Promise.all(Array.from({ length: 5 }, () => retry()));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await answers.find((r) => r.status === 200)!.json()) as DeskClaim).toMatchObject({
      chargeStatus: 'charged',
    });
    expect((await retry()).status).toBe(409);
    const db = t.ctx.database.db;
    const charges = await db
      .selectFrom('payment_ledger')
      .select(['kind', 'amount_cents', 'status'])
      .where('purpose', '=', 'damage_claim')
      .where('user_id', '=', renter.id)
      .orderBy('id')
      .execute();
    expect(charges.map((c) => [c.kind, c.amount_cents, c.status])).toEqual([
      ['charge', 3_000, 'declined'],
      ['charge', 3_000, 'declined'],
      ['charge', 3_000, 'succeeded'],
    ]);
    expect((await json<Statement>(lender.request('/api/payouts/statement'))).availableCents).toBe(700 + 3_000);
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject_type', '=', 'claim')
      .where('subject_id', '=', String(claim.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['claim.uphold', 'claim.retry_charge', 'claim.retry_charge']);
    expect(audit.every((a) => a.actor_id === staff.id)).toBe(true);
  });

  it('rejected, releases the earning and charges nobody', async () => {
    const { t, staff } = env;
    now = new Date(START);
    const { lender, renter, rentalId } = await returnedMemberRental(t, { staff, priceCents: 1_000 });
    const claim = await json<Claim>(
      openClaim(lender, { rentalId, amountCents: 2_000, description: 'Small pull in the knit at the cuff' }),
      201,
    );
    const rejected = await json<DeskClaim>(
      staff.request(`/api/ops/claims/${claim.id}/reject`, { method: 'POST', json: { note: 'Normal wear for a knit' } }),
    );
    expect(rejected).toMatchObject({ status: 'rejected', chargeStatus: null });
    expect(
      await t.ctx.database.db
        .selectFrom('payment_ledger')
        .select('id')
        .where('purpose', '=', 'damage_claim')
        .where('user_id', '=', renter.id)
        .execute(),
    ).toEqual([]);
    now = later(49);
    expect((await json<Statement>(lender.request('/api/payouts/statement'))).availableCents).toBe(700);
  });
});
