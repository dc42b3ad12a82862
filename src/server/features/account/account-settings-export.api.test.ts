import { beforeAll, describe, expect, it } from 'vitest';
import { returnedMemberRental } from '../../test/member-rental';
import { makeTestItem, readyToRent } from '../../test/renter';
import { makeStaff } from '../../test/staff';
import type { TestApp, TestMember } from '../../test/test-app';
import { makePng } from '../listings/listings.test-helpers';
import { accountTestApp } from './account.test-helpers';

/**
 * Download my data (issue 12): the export of what we hold about a member. On SQLite and
 * PostgreSQL. The other account basics are in account-settings.api.test.ts, the setup in
 * account.test-helpers.ts.
 */
const app = accountTestApp({ seed: false, smtp: true });
let t: TestApp;
beforeAll(() => {
  ({ t } = app);
});

describe(`download my data (${process.env.TEST_DIALECT})`, () => {
  it('is a JSON attachment of what we hold about the member, with the card as brand and last four only', async () => {
    const m: TestMember = await t.signUp({ fullName: 'Export Member', gender: 'other' });
    const card = {
      cardNumber: '4242 4242 4242 4242',
      expiryMonth: '09',
      expiryYear: '2031',
      cvv: '123',
      cardholderName: 'Export Member',
      billingAddress: { street: '1 Export Way', city: 'Brooklyn', state: 'NY', zipCode: '11201', country: 'US' },
    };
    expect(
      (await m.request('/api/plans/subscription', { method: 'PUT', json: { plan: 'monthly', itemCount: 4 } })).status,
    ).toBe(200);
    expect((await m.request('/api/plans/payment-method', { method: 'PUT', json: card })).status).toBe(200);
    const res = await m.request('/api/me/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="rentique-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    const data = JSON.parse(text) as Record<string, unknown> & {
      card: Record<string, unknown>;
      profile: Record<string, unknown>;
      plan: Record<string, unknown>;
    };
    expect(data.account).toMatchObject({ id: m.id, email: m.email });
    expect(data.profile).toMatchObject({ fullName: 'Export Member', gender: 'other' });
    expect(data.plan).toMatchObject({ plan: 'monthly', itemCount: 4 });
    expect(data.card).toMatchObject({ brand: expect.any(String), lastFour: '4242', expiry: '09/2031' });
    for (const key of ['rentals', 'listings', 'favorites', 'rsvps', 'charges', 'devices'])
      expect(Array.isArray(data[key]), key).toBe(true);
    expect(text).not.toContain('4242 4242');
    expect(text).not.toContain('4242424242424242');
    expect(text).not.toMatch(/"cvv"|provider_token|providerToken|password/i);
  });

  it(
    'has what she gave through fit details, reviews, shortlists, the waitlist, requests, messages, ratings, payouts and claims: hers only',
    { timeout: 60_000 },
    async () => {
      const { db } = t.ctx.database;
      const ok = async <T = Record<string, unknown>>(res: Response | Promise<Response>, status = 200): Promise<T> => {
        const r = await res;
        const text = await r.text();
        expect(r.status, text.slice(0, 300)).toBe(status);
        return JSON.parse(text) as T;
      };
      const form = async (data: unknown, photos: number) => {
        const f = new FormData();
        f.set('data', JSON.stringify(data));
        const png = await makePng(200, 240);
        for (let i = 0; i < photos; i += 1)
          f.append('photos', new File([new Uint8Array(png)], `p${i}.png`, { type: 'image/png' }));
        return f;
      };
      const staff = await makeStaff(t);
      const her = await readyToRent(await t.signUp({ fullName: 'Hana Exporter' }));
      // Everything the other member writes carries OTHERSIDE, which must never be in her file.
      const other = await readyToRent(await t.signUp({ fullName: 'Pia Otherside' }));
      const third = await t.signUp({ fullName: 'Thea Third' });

      await ok(
        her.request('/api/reviews/fit-details', {
          method: 'PUT',
          json: { heightCm: 168, bustCm: 86, waistCm: 70, hipsCm: 94, usualSize: 'S' },
        }),
      );
      await ok(
        other.request('/api/reviews/fit-details', {
          method: 'PUT',
          json: { heightCm: 181, bustCm: 99, waistCm: 88, hipsCm: 101, usualSize: 'L' },
        }),
      );

      // She rents the other member's piece: her request, her review (with a photo), her rating, her message.
      const rented = await returnedMemberRental(t, { lender: other, renter: her, staff, name: 'Silk Slip Dress' });
      await ok(
        her.request(`/api/reviews/rentals/${rented.rentalId}`, {
          method: 'POST',
          body: await form(
            {
              rating: 4,
              fit: 'runs_small',
              sizeWorn: 'M',
              occasion: 'wedding',
              text: 'Lovely silk, a little tight at the hips.',
            },
            1,
          ),
        }),
        201,
      );
      await ok(
        her.request('/api/ratings', {
          method: 'POST',
          json: { rentalId: rented.rentalId, stars: 5, comment: 'Quick to answer, piece as described' },
        }),
        201,
      );
      await ok(
        her.request(`/api/lending/threads/${rented.rentalId}/messages`, {
          method: 'POST',
          json: { body: 'Thank you, it was perfect for the party' },
        }),
        201,
      );
      await ok(
        other.request(`/api/lending/threads/${rented.rentalId}/messages`, {
          method: 'POST',
          json: { body: 'OTHERSIDE reply in her thread' },
        }),
        201,
      );
      await ok(
        other.request('/api/ratings', {
          method: 'POST',
          json: { rentalId: rented.rentalId, stars: 3, comment: 'OTHERSIDE rating of her' },
        }),
        201,
      );
      await ok(
        other.request('/api/claims', {
          method: 'POST',
          body: await form(
            { rentalId: rented.rentalId, amountCents: 1_000, description: 'OTHERSIDE claim about a stain' },
            1,
          ),
        }),
        201,
      );

      // The other member rents two of her pieces: requests she received, her claim on one, her rating.
      const lentA = await returnedMemberRental(t, { lender: her, renter: other, staff, name: 'Velvet Gown' });
      const lentB = await returnedMemberRental(t, { lender: her, renter: other, staff, name: 'Linen Dress' });
      await ok(
        other.request(`/api/reviews/rentals/${lentA.rentalId}`, {
          method: 'POST',
          body: await form(
            { rating: 2, fit: 'runs_large', sizeWorn: 'M', occasion: null, text: 'OTHERSIDE review of her gown' },
            0,
          ),
        }),
        201,
      );
      await ok(
        her.request('/api/claims', {
          method: 'POST',
          body: await form(
            { rentalId: lentA.rentalId, amountCents: 2_500, description: 'A tear along the hem of the gown' },
            1,
          ),
        }),
        201,
      );
      await ok(
        her.request('/api/ratings', {
          method: 'POST',
          json: { rentalId: lentB.rentalId, stars: 4, comment: 'Returned clean and on time' },
        }),
        201,
      );
      // A request between two other members.
      const thirdPiece = await makeTestItem(db, { ownerId: third.id, name: 'OTHERSIDE Third Piece' });
      await ok(
        other.request('/api/lending/requests', { method: 'POST', json: { itemId: thirdPiece, size: 'M' } }),
        201,
      );

      // Lists and the waitlist.
      await ok(
        her.request('/api/shortlists', { method: 'POST', json: { name: 'Wedding in June', itemId: rented.itemId } }),
        201,
      );
      await ok(
        other.request('/api/shortlists', { method: 'POST', json: { name: 'OTHERSIDE list', itemId: rented.itemId } }),
        201,
      );
      const soldOut = await makeTestItem(db, { name: 'Camel Trench' });
      const taken = await ok<{ startDate: string; returnDate: string }>(
        other.request('/api/rentals', { method: 'POST', json: { itemId: soldOut, size: 'M' } }),
        201,
      );
      await ok(
        her.request('/api/waitlist', {
          method: 'POST',
          json: { itemId: soldOut, size: 'M', startDate: taken.startDate, endDate: taken.returnDate },
        }),
        201,
      );

      // Her bank account and a payout of the earning not held by her claim, two days on; the other's account.
      await ok(
        her.request('/api/payouts/account', {
          method: 'PUT',
          json: { holderName: 'Hana Exporter', routingNumber: '011000015', accountNumber: '000123456789' },
        }),
      );
      await ok(
        other.request('/api/payouts/account', {
          method: 'PUT',
          json: { holderName: 'OTHERSIDE Holder', routingNumber: '011000015', accountNumber: '000987654321' },
        }),
      );
      app.setClockAhead(2 * 86_400_000 + 60_000);
      try {
        await ok(her.request('/api/payouts', { method: 'POST' }), 201);
        const res = await her.request('/api/me/export');
        expect(res.status).toBe(200);
        const text = await res.text();
        const data = JSON.parse(text) as Record<string, unknown>;

        expect(data.fitDetails).toMatchObject({ heightCm: 168, bustCm: 86, waistCm: 70, hipsCm: 94, usualSize: 'S' });
        expect(data.reviews).toEqual([
          expect.objectContaining({
            rentalId: rented.rentalId,
            item: 'Burberry Silk Slip Dress',
            rating: 4,
            fit: 'runs_small',
            sizeWorn: 'M',
            occasion: 'wedding',
            text: 'Lovely silk, a little tight at the hips.',
            photos: [expect.stringMatching(/^\/api\/reviews\/\d+\/photos\/\d+\?v=/)],
          }),
        ]);
        // The photo's address works for her.
        expect((await her.request((data.reviews as { photos: string[] }[])[0]!.photos[0]!)).status).toBe(200);
        expect(data.shortlists).toEqual([
          expect.objectContaining({
            name: 'Wedding in June',
            items: [expect.objectContaining({ itemId: rented.itemId, item: 'Burberry Silk Slip Dress' })],
          }),
        ]);
        expect(data.waitlist).toEqual([
          expect.objectContaining({
            itemId: soldOut,
            item: 'Burberry Camel Trench',
            size: 'M',
            startDate: taken.startDate,
            returnDate: taken.returnDate,
            status: 'waiting',
          }),
        ]);
        const requests = data.bookingRequests as { role: string; rentalId: number; status: string }[];
        expect(requests.map((r) => [r.role, r.rentalId, r.status])).toEqual([
          ['renter', rented.rentalId, 'accepted'],
          ['lender', lentA.rentalId, 'accepted'],
          ['lender', lentB.rentalId, 'accepted'],
        ]);
        expect(data.messages).toEqual([
          expect.objectContaining({ rentalId: rented.rentalId, text: 'Thank you, it was perfect for the party' }),
        ]);
        expect(data.ratingsGiven).toEqual([
          expect.objectContaining({
            rentalId: rented.rentalId,
            as: 'renter',
            stars: 5,
            comment: 'Quick to answer, piece as described',
          }),
          expect.objectContaining({
            rentalId: lentB.rentalId,
            as: 'lender',
            stars: 4,
            comment: 'Returned clean and on time',
          }),
        ]);
        expect(data.payoutAccount).toEqual({
          holderName: 'Hana Exporter',
          lastFour: '6789',
          updatedAt: expect.any(String),
        });
        expect(data.payouts).toEqual([
          expect.objectContaining({
            amountCents: 700,
            status: 'paid',
            to: { holderName: 'Hana Exporter', lastFour: '6789' },
          }),
        ]);
        expect(data.damageClaims).toEqual([
          expect.objectContaining({
            rentalId: lentA.rentalId,
            item: 'Burberry Velvet Gown',
            amountCents: 2_500,
            description: 'A tear along the hem of the gown',
            status: 'open',
            photos: [expect.stringMatching(/^\/api\/claims\/\d+\/photos\/\d+\?v=/)],
          }),
        ]);
        // Nothing of the other members, and never the full bank numbers or the provider's token.
        expect(text).not.toContain('OTHERSIDE');
        expect(text).not.toContain(other.email);
        expect(text).not.toContain(other.id);
        expect(text).not.toContain(third.id);
        const { token } = await db
          .selectFrom('payout_accounts')
          .select('token')
          .where('user_id', '=', her.id)
          .executeTakeFirstOrThrow();
        expect(text).not.toContain(token);
        expect(text).not.toContain('000123456789');
        expect(text).not.toContain('011000015');
      } finally {
        app.setClockAhead(0);
      }
    },
  );
});
