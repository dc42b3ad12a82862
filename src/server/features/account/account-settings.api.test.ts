import { beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, type TestApp } from '../../test/test-app';
import { accountTestApp, whoIs as whoIsIn } from './account.test-helpers';

/**
 * The account basics (issue 12): forgot password, change password, change e-mail and signed-in
 * devices. On SQLite and PostgreSQL. Data export is in account-settings-export.api.test.ts, the
 * setup in account.test-helpers.ts.
 */
const app = accountTestApp({ seed: false, smtp: true });
let t: TestApp;
beforeAll(() => {
  ({ t } = app);
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

const whoIs = (cookie: string) => whoIsIn(t, cookie);

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
