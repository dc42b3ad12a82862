import { beforeAll, describe, expect, it } from 'vitest';
import type { Care } from '../../../domain/managed-lending';
import type { DeskRental, UnitDetail } from '../../../domain/ops';
import { damageCharge } from '../../../domain/protection';
import type { Rental } from '../../../domain/rentals';
import type { Statement } from '../../../domain/payouts';
import { QUEUES } from '../../jobs/queues';
import type { TestApp, TestMember } from '../../test/test-app';
import { dispatchRental } from '../../test/staff';
import { makeJpeg } from '../listings/listings.test-helpers';
import { errorOf, json, managedTestApp, post } from './managed.test-helpers';

/*
 * A managed piece's storage term and its damage (decision 0070) on a real database (SQLite, and
 * PostgreSQL with TEST_DATABASE_URL), on a clock the tests move: she is reminded once per term
 * STORAGE_REMINDER_DAYS before it ends and may renew it then (two renewals at once: one); a term
 * not renewed ends once, however many jobs run at once, and the piece comes back to her after its
 * last booking, by the way it came. Damage found at the desk's check-in is charged to the renter
 * per the schedule and her cover, the lender is paid her part once and told, and the unit goes
 * to repair.
 */
const app = managedTestApp();
let t: TestApp;
beforeAll(() => {
  ({ t } = app);
});
const db = () => t.ctx.database.db;
const care = (m: TestMember, itemId: number) => json<Care>(m.request(`/api/managed/items/${itemId}`));
const notified = async (userId: string, kind: string) =>
  (await db().selectFrom('notifications').select('kind').where('user_id', '=', userId).execute()).filter(
    (n) => n.kind === kind,
  ).length;
/** The job as the scheduler sends it, run by the queue. */
async function runTermJob() {
  await t.ctx.jobs.send(QUEUES.managedStorageTerms.name, {}, { singletonKey: 'managed-storage-terms' });
  await t.ctx.jobs.runDue([QUEUES.managedStorageTerms.name]);
}

describe(`managed storage term and damage (${process.env.TEST_DIALECT ?? 'sqlite'})`, () => {
  it('reminds her once per term, renews once, and at the end sends it back after its last booking, once', async () => {
    app.day('2026-12-01');
    const lou = await app.member('Tess Term');
    const itemId = await app.listManaged(lou, 'Term Trench');
    await app.bringIn(lou, itemId); // live on 2026-12-01: 12 months (MANAGED_STORAGE_MONTHS)
    expect((await care(lou, itemId)).term).toEqual({ endsOn: '2027-12-01', renewFrom: '2027-11-01', canRenew: false });
    const early = await post(lou, `/api/managed/items/${itemId}/renew`);
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toMatch(/from 2027-11-01/);

    app.day('2027-10-31');
    await runTermJob();
    expect(await notified(lou.id, 'managed_term_ending')).toBe(0);
    app.day('2027-11-01');
    // Three runs, two at once: one reminder.
    await Promise.all([t.services.managedTerm.sweep(), t.services.managedTerm.sweep()]);
    await runTermJob();
    expect(await notified(lou.id, 'managed_term_ending')).toBe(1);
    expect((await care(lou, itemId)).term).toMatchObject({ canRenew: true });

    // Two renewals at once: one term more, the other told when it can renew next.
    const renewals = await Promise.all([
      post(lou, `/api/managed/items/${itemId}/renew`),
      post(lou, `/api/managed/items/${itemId}/renew`),
    ]);
    expect(renewals.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await care(lou, itemId)).term).toEqual({ endsOn: '2028-12-01', renewFrom: '2028-11-01', canRenew: false });
    app.day('2027-12-01');
    await runTermJob();
    expect((await care(lou, itemId)).stage).toBe('live');

    // The next term's reminder; not renewed; a renter books across its end.
    app.day('2028-11-01');
    await runTermJob();
    expect(await notified(lou.id, 'managed_term_ending')).toBe(2);
    app.day('2028-11-28');
    const rita = await app.member('Rita Term');
    const rental = await json<Rental>(app.book(rita, itemId, '2028-11-29', '2028-12-06'), 201);
    app.day('2028-11-29');
    await dispatchRental(app.staff, rental.id);

    app.day('2028-12-01');
    await Promise.all([t.services.managedTerm.sweep(), t.services.managedTerm.sweep(), runTermJob()]);
    await runTermJob();
    const ended = await care(lou, itemId);
    expect(ended).toMatchObject({
      stage: 'recall_waiting',
      term: null,
      recall: { termEnd: true, method: 'parcel', day: '2028-12-07', waitsForReturn: true, labelStatus: 'pending' },
    });
    expect(ended.recall!.place).toMatch(/Rue des Archives/);
    expect(await notified(lou.id, 'managed_term_ended')).toBe(1);
    expect(await db().selectFrom('member_recalls').select('id').where('item_id', '=', itemId).execute()).toHaveLength(
      1,
    );
    // Out of the catalogue; the booking made is honoured; too late to renew.
    expect((await t.request(`/api/items/${itemId}`)).status).toBe(404);
    const booked = await db().selectFrom('rentals').select('cancelled_at').where('id', '=', rental.id).execute();
    expect(booked).toEqual([{ cancelled_at: null }]);
    expect((await post(lou, `/api/managed/items/${itemId}/renew`)).status).toBe(409);

    // Back, checked in and cleaned, its day come: the desk sends it to her address by parcel.
    app.day('2028-12-06');
    const code = (await json<DeskRental>(app.staff.request(`/api/ops/rentals/${rental.id}`))).unitCode;
    await json(post(app.staff, `/api/ops/units/${code}/check-in`, { condition: 'good' }));
    await app.cleaned(rental.id);
    app.day('2028-12-07');
    const board = await json<{ recalls: { id: number; itemId: number; termEnd: boolean; ready: boolean }[] }>(
      app.staff.request('/api/ops/managed'),
    );
    const recall = board.recalls.find((r) => r.itemId === itemId)!;
    expect(recall).toMatchObject({ termEnd: true, ready: true });
    await json(app.desk(`/recalls/${recall.id}/send-back`));
    expect(await care(lou, itemId)).toMatchObject({ stage: 'returned', recall: { labelStatus: 'made' } });
  });

  it('damage at check-in: the renter pays per the schedule and her cover, the lender is paid once and told, the unit goes to repair', async () => {
    app.day('2026-12-01');
    const lou = await app.member('Dana Damage');
    const covered = await app.listManaged(lou, 'Covered Cocktail Dress');
    const bare = await app.listManaged(lou, 'Bare Bias Skirt');
    await app.bringIn(lou, covered);
    await app.bringIn(lou, bare);
    const [rita, bea] = await Promise.all([app.member('Rita Covered'), app.member('Bea Bare')]);
    const r1 = await json<Rental>(app.book(rita, covered, '2026-12-02', '2026-12-09'), 201);
    const r2 = await json<Rental>(app.book(bea, bare, '2026-12-02', '2026-12-09'), 201);
    await json(post(rita, `/api/protection/rentals/${r1.id}/cover`), 201);
    app.day('2026-12-02');
    const damage = { kind: 'major_repair', costCents: 30_000, note: 'Zip torn out' };
    const checkIn = async (rentalId: number, body: unknown) => {
      await dispatchRental(app.staff, rentalId);
      const code = (await json<DeskRental>(app.staff.request(`/api/ops/rentals/${rentalId}`))).unitCode;
      return { code, res: await post(app.staff, `/api/ops/units/${code}/check-in`, body) };
    };
    // Damage that needs a repair does not go to cleaning; nothing is checked in.
    const refused = await checkIn(r2.id, { condition: 'good', to: 'cleaning', damage });
    expect(refused.res.status).toBe(400);
    const retail = (
      await db().selectFrom('items').select('retail_price_cents').where('id', '=', bare).executeTakeFirstOrThrow()
    ).retail_price_cents;
    const first = await checkIn(r1.id, { condition: 'good', damage });
    expect(first.res.status).toBe(200);
    await json(post(app.staff, `/api/ops/units/${refused.code}/check-in`, { condition: 'good', damage }));
    for (const code of [first.code, refused.code])
      expect((await json<UnitDetail>(app.staff.request(`/api/ops/units/${code}`))).state).toBe('repair');
    const withCover = damageCharge('major_repair', { covered: true, retailCents: retail, costCents: 30_000 });
    const without = damageCharge('major_repair', { covered: false, retailCents: retail, costCents: 30_000 });
    const charges = await db()
      .selectFrom('payment_ledger')
      .select(['user_id', 'amount_cents', 'status'])
      .where('purpose', '=', 'damage')
      .where('rental_id', 'in', [r1.id, r2.id])
      .execute();
    // With cover she pays the excess; without, the repair up to half the retail price.
    expect(charges).toEqual(
      expect.arrayContaining([
        ...(withCover.renterCents > 0
          ? [{ user_id: rita.id, amount_cents: withCover.renterCents, status: 'succeeded' }]
          : []),
        { user_id: bea.id, amount_cents: without.renterCents, status: 'succeeded' },
      ]),
    );
    // Settled once: a second record is refused.
    expect((await post(app.staff, `/api/ops/protection/rentals/${r2.id}/damage`, damage)).status).toBe(409);
    // Her part of each damage, and her share of each rental, are in her payouts once; she is told of each damage.
    const st = await json<Statement>(lou.request('/api/payouts/statement'));
    expect(st.lines.filter((l) => l.kind === 'damage').map((l) => l.netCents)).toEqual([
      without.fullCents,
      without.fullCents,
    ]);
    expect(await notified(lou.id, 'managed_damage')).toBe(2);
    // Settled by the desk, not by her: no claim of hers on a piece in our care.
    expect((await json<{ rentals: unknown[] }>(lou.request('/api/claims/claimable'))).rentals).toEqual([]);
    const claim = new FormData();
    claim.set('data', JSON.stringify({ rentalId: r2.id, amountCents: 5_000, description: 'A tear along the hem' }));
    claim.append('photos', new File([new Uint8Array(await makeJpeg())], 'd.jpg', { type: 'image/jpeg' }));
    const refusedClaim = await lou.request('/api/claims', { method: 'POST', body: claim });
    expect(refusedClaim.status).toBe(409);
    expect((await errorOf(refusedClaim)).message).toMatch(/in our care/);
    await json(
      lou.request('/api/payouts/account', {
        method: 'PUT',
        json: { holderName: 'Dana Damage', routingNumber: '110000000', accountNumber: '000123456789' },
      }),
    );
    await json(post(lou, '/api/payouts'), 201);
    expect((await post(lou, '/api/payouts')).status).toBe(409);
    const lines = await db()
      .selectFrom('payout_lines')
      .innerJoin('payouts', 'payouts.id', 'payout_lines.payout_id')
      .select('payout_lines.source')
      .where('payout_lines.source', 'like', 'damage:%')
      .where('payouts.lender_id', '=', lou.id)
      .execute();
    expect(lines).toHaveLength(2);
  });
});
