import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnedMemberRental } from '../../test/member-rental';
import { makeTestItem, readyToRent } from '../../test/renter';
import { makeStaff } from '../../test/staff';
import { cookieFrom, createTestApp, type TestApp, type TestMember } from '../../test/test-app';
import { makePng } from '../listings/listings.test-helpers';

/**
 * The account basics (issue 12): forgot password, change password, change e-mail, signed-in
 * devices and data export. On SQLite and PostgreSQL.
 */
let t: TestApp;
/** How far the app's clock runs ahead of the real one (a payout needs earnings two days old). */
let clockAheadMs = 0;
beforeAll(async () => {
  t = await createTestApp({ seed: false, smtp: true, clock: () => new Date(Date.now() + clockAheadMs) });
});
afterAll(async () => {
  await t?.close();
});

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

function mailsTo(email: string, kind: RegExp) {
  return t.mails.filter((m) => m.to === email && kind.test(`${m.subject}\n${m.text}`));
}

/** The path of the link in the mail of `kind` to `email`, as the SMTP server received it. */
async function linkFor(email: string, kind: RegExp): Promise<string> {
  const mail = await t.waitForMail(email, kind);
  const url = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`no link in the mail to ${email}`);
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

async function whoIs(cookie: string): Promise<string | null> {
  const res = await t.request('/api/auth/get-session', { headers: { cookie } });
  const body = (await res.json()) as { user: { id: string } } | null;
  return body?.user.id ?? null;
}

const signIn = (email: string, password: string, userAgent?: string) =>
  t.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: userAgent ? { 'user-agent': userAgent } : {},
    json: { email, password },
  });

describe(`forgot password (${process.env.TEST_DIALECT})`, () => {
  it('answers the same for an address with and without an account, and mails only the account', async () => {
    const m = await t.signUp();
    const unknown = await t.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email: 'nobody.here@example.com', redirectTo: '/reset-password' },
    });
    const known = await t.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email: m.email, redirectTo: '/reset-password' },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    // The known address's mail arrives; nothing went to the unknown one (asked for first).
    await t.waitForMail(m.email, /reset your rentique password/i);
    expect(mailsTo(m.email, /reset/i)).toHaveLength(1);
    expect(mailsTo('nobody.here@example.com', /./)).toHaveLength(0);
  });

  it('the link opens the reset page, sets a new password once, and ends every session', async () => {
    const m = await t.signUp();
    const other = await signIn(m.email, m.password, SAFARI_IPHONE);
    const otherCookie = cookieFrom(other);
    expect(await whoIs(otherCookie)).toBe(m.id);

    await t.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email: m.email, redirectTo: '/reset-password' },
    });
    const link = await linkFor(m.email, /reset/i);
    expect((await t.waitForMail(m.email, /reset/i)).text).toMatch(/60 minutes/);
    // The mailed link lands on our page with the token.
    const landing = await t.request(link, { redirect: 'manual' });
    expect(landing.status).toBe(302);
    const target = new URL(landing.headers.get('location')!, 'http://localhost:3000');
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    // The token expires an hour after it was issued.
    const row = await t.ctx.database.db
      .selectFrom('verification' as never)
      .select(['expiresAt' as never, 'createdAt' as never])
      .where('identifier' as never, '=', `reset-password:${token}` as never)
      .executeTakeFirstOrThrow();
    const { expiresAt, createdAt } = row as { expiresAt: string | Date; createdAt: string | Date };
    expect(Math.round((new Date(expiresAt).getTime() - new Date(createdAt).getTime()) / 1000)).toBe(3600);

    const reset = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'amber tide violin' },
    });
    expect(reset.status).toBe(200);
    // Every session ended, this browser's and the other device's.
    expect(await whoIs(m.cookie)).toBeNull();
    expect(await whoIs(otherCookie)).toBeNull();
    expect((await signIn(m.email, m.password)).status).toBe(401);
    expect((await signIn(m.email, 'amber tide violin')).status).toBe(200);
    // Single use.
    const again = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'another quiet harbour' },
    });
    expect(again.status).toBe(400);
    expect((await t.request(link, { redirect: 'manual' })).headers.get('location')).toMatch(/error=INVALID_TOKEN/);
  });

  it('an expired link is refused', async () => {
    const m = await t.signUp();
    await t.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email: m.email, redirectTo: '/reset-password' },
    });
    const token = (await linkFor(m.email, /reset/i)).match(/reset-password\/([^?]+)/)![1]!;
    const past = new Date(Date.now() - 1000);
    await t.ctx.database.db
      .updateTable('verification' as never)
      .set({ expiresAt: (t.dialect === 'postgres' ? past : past.toISOString()) as never })
      .where('identifier' as never, '=', `reset-password:${token}` as never)
      .execute();
    const res = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'amber tide violin' },
    });
    expect(res.status).toBe(400);
    expect((await signIn(m.email, m.password)).status).toBe(200);
  });
});

describe(`change password (${process.env.TEST_DIALECT})`, () => {
  it('needs the current password, and ends the other sessions while this one stays signed in', async () => {
    const m = await t.signUp();
    const other = cookieFrom(await signIn(m.email, m.password, CHROME_MAC));

    const wrong = await m.request('/api/auth/change-password', {
      method: 'POST',
      json: { currentPassword: 'not my password', newPassword: 'quiet copper meadow' },
    });
    expect(wrong.status).toBe(400);
    expect(await whoIs(other)).toBe(m.id);

    // Even if the client asks to keep them, other sessions end.
    const ok = await m.request('/api/auth/change-password', {
      method: 'POST',
      json: { currentPassword: m.password, newPassword: 'quiet copper meadow', revokeOtherSessions: false },
    });
    expect(ok.status).toBe(200);
    expect(await whoIs(m.cookie)).toBe(m.id);
    expect(await whoIs(other)).toBeNull();
    expect((await signIn(m.email, m.password)).status).toBe(401);
    expect((await signIn(m.email, 'quiet copper meadow')).status).toBe(200);
  });
});

describe(`change e-mail (${process.env.TEST_DIALECT})`, () => {
  it('takes effect only once confirmed from the new address, and tells the old one', async () => {
    const m = await t.signUp();
    const newEmail = `new.${m.email}`;
    const res = await m.request('/api/auth/change-email', {
      method: 'POST',
      json: { newEmail, callbackURL: '/account' },
    });
    expect(res.status).toBe(200);
    // Nothing changes yet.
    let row = await t.ctx.database.db
      .selectFrom('user')
      .select(['email', 'emailVerified'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(m.email);
    const link = await linkFor(newEmail, /new email address/i);

    // Another member opening it is refused, and it changes nothing.
    const intruder = await t.signUp();
    const refused = await intruder.request(link, { redirect: 'manual' });
    expect(refused.headers.get('location') ?? '').toMatch(/error=/);
    row = await t.ctx.database.db
      .selectFrom('user')
      .select(['email', 'emailVerified'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(m.email);

    const confirm = await m.request(link, { redirect: 'manual' });
    expect(confirm.status).toBe(302);
    row = await t.ctx.database.db
      .selectFrom('user')
      .select(['email', 'emailVerified'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(newEmail);
    expect(Boolean(row.emailVerified)).toBe(true);
    expect((await t.waitForMail(m.email, /was changed/i)).text).toContain(newEmail);
    expect((await signIn(newEmail, m.password)).status).toBe(200);
    expect((await signIn(m.email, m.password)).status).toBe(401);
  });

  it('an address that already has an account gets the same answer and no mail', async () => {
    const m = await t.signUp();
    const taken = await t.signUp();
    const res = await m.request('/api/auth/change-email', { method: 'POST', json: { newEmail: taken.email } });
    expect(res.status).toBe(200);
    // A mail asked for afterwards arrives; none went to the taken address.
    await m.request('/api/auth/change-email', { method: 'POST', json: { newEmail: `free.${m.email}` } });
    await t.waitForMail(`free.${m.email}`, /new email address/i);
    expect(mailsTo(taken.email, /new email address/i)).toHaveLength(0);
  });

  it('refuses a malformed address and limits change mails per member', async () => {
    const m = await t.signUp();
    const bad = await m.request('/api/auth/change-email', { method: 'POST', json: { newEmail: 'not an address' } });
    expect(bad.status).toBe(400);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push(
        (await m.request('/api/auth/change-email', { method: 'POST', json: { newEmail: `try${i}.${m.email}` } }))
          .status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe(`signed-in devices (${process.env.TEST_DIALECT})`, () => {
  it('lists browser and system from the user agent, marks this device, and signs one or all others out', async () => {
    const m = await t.signUp();
    const mac = cookieFrom(await signIn(m.email, m.password, CHROME_MAC));
    const phone = cookieFrom(await signIn(m.email, m.password, SAFARI_IPHONE));
    const third = cookieFrom(await signIn(m.email, m.password, SAFARI_IPHONE));

    const list = async (cookie: string) =>
      (
        (await (await t.request('/api/me/sessions', { headers: { cookie } })).json()) as {
          sessions: {
            id: string;
            browser: string;
            os: string;
            deviceType: string;
            current: boolean;
            lastActiveAt: string;
          }[];
        }
      ).sessions;
    const sessions = await list(mac);
    expect(sessions).toHaveLength(4);
    expect(sessions[0]).toMatchObject({
      current: true,
      browser: 'Chrome 131',
      os: 'macOS Catalina',
      deviceType: 'desktop',
    });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(
      sessions.filter((s) => s.os.startsWith('iOS') && s.browser.startsWith('Safari') && s.deviceType === 'mobile'),
    ).toHaveLength(2);
    expect(JSON.stringify(sessions)).not.toMatch(/token/i);

    // Sign the phone out from the Mac.
    const phoneId = (await list(phone)).find((s) => s.current)!.id;
    expect(
      (
        await t.request(`/api/me/sessions/${phoneId}`, {
          method: 'DELETE',
          headers: { cookie: mac, origin: 'http://localhost:3000' },
        })
      ).status,
    ).toBe(204);
    expect(await whoIs(phone)).toBeNull();
    expect(await whoIs(mac)).toBe(m.id);
    // Not this device (that is Sign Out), and not someone else's.
    const macId = (await list(mac)).find((s) => s.current)!.id;
    expect((await t.request(`/api/me/sessions/${macId}`, { method: 'DELETE', headers: { cookie: mac } })).status).toBe(
      400,
    );
    const stranger = await t.signUp();
    expect((await stranger.request(`/api/me/sessions/${macId}`, { method: 'DELETE' })).status).toBe(404);
    expect(await whoIs(mac)).toBe(m.id);

    // Sign out everywhere else.
    const res = await t.request('/api/me/sessions/sign-out-others', { method: 'POST', headers: { cookie: mac } });
    expect(await res.json()).toEqual({ ended: 2 });
    expect(await whoIs(third)).toBeNull();
    expect(await whoIs(m.cookie)).toBeNull();
    expect(await whoIs(mac)).toBe(m.id);
    expect(await list(mac)).toHaveLength(1);
  });

  it('keeps "last active" current to within minutes', async () => {
    const m = await t.signUp();
    const hourAgo = new Date(Date.now() - 3600_000);
    await t.ctx.database.db
      .updateTable('session')
      .set({ updatedAt: t.dialect === 'postgres' ? hourAgo : hourAgo.toISOString() })
      .where('userId', '=', m.id)
      .execute();
    await m.request('/api/me');
    const { sessions } = (await (await m.request('/api/me/sessions')).json()) as {
      sessions: { lastActiveAt: string }[];
    };
    expect(new Date(sessions[0]!.lastActiveAt).getTime()).toBeGreaterThan(hourAgo.getTime() + 3000_000);
  });
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
      (await m.request('/api/subscription', { method: 'PUT', json: { plan: 'monthly', itemCount: 4 } })).status,
    ).toBe(200);
    expect((await m.request('/api/payment-method', { method: 'PUT', json: card })).status).toBe(200);
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
        her.request('/api/fit-details', {
          method: 'PUT',
          json: { heightCm: 168, bustCm: 86, waistCm: 70, hipsCm: 94, usualSize: 'S' },
        }),
      );
      await ok(
        other.request('/api/fit-details', {
          method: 'PUT',
          json: { heightCm: 181, bustCm: 99, waistCm: 88, hipsCm: 101, usualSize: 'L' },
        }),
      );

      // She rents the other member's piece: her request, her review (with a photo), her rating, her message.
      const rented = await returnedMemberRental(t, { lender: other, renter: her, staff, name: 'Silk Slip Dress' });
      await ok(
        her.request(`/api/rentals/${rented.rentalId}/review`, {
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
        other.request(`/api/rentals/${lentA.rentalId}/review`, {
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
      clockAheadMs = 2 * 86_400_000 + 60_000;
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
        clockAheadMs = 0;
      }
    },
  );
});
