import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 12, items 1, 7 and 8: a verification link never signs anyone in, /update-user follows
 * the sign-up rules, and guessable passwords are refused. On SQLite and PostgreSQL.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, smtp: true });
});
afterAll(async () => {
  await t?.close();
});

/** The path of the link in the mail of `kind` to `email`, as the SMTP server received it (the mail holds absolute URLs). */
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

const sessionsOf = (userId: string) =>
  t.ctx.database.db
    .selectFrom('session' as never)
    .select(['id' as never])
    .where('userId' as never, '=', userId as never)
    .execute();

describe(`a verification link never signs anyone in (${process.env.TEST_DIALECT})`, () => {
  it("opening another member's unused link while signed in keeps the session and only verifies the link's account", async () => {
    const a = await t.signUp({ fullName: 'Alice Signed In' });
    const b = await t.signUp({ fullName: 'Bob Link Owner' });
    const link = await linkFor(b.email, /verify-email/);
    const bSessionsBefore = (await sessionsOf(b.id)).length;

    const res = await t.request(link, { headers: { cookie: a.cookie } });
    expect(res.status).toBeLessThan(400);
    // No session cookie is set by the link at all (neither B's nor a refreshed A's).
    expect(res.headers.getSetCookie().filter((c) => c.includes('session_token'))).toEqual([]);
    const jar = cookieFrom(res, a.cookie);
    expect(await whoIs(jar)).toBe(a.id);
    // B is verified; no session was created for B.
    const bRow = await t.ctx.database.db
      .selectFrom('user')
      .select('emailVerified')
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(bRow.emailVerified)).toBe(true);
    expect((await sessionsOf(b.id)).length).toBe(bSessionsBefore);
  });

  it('a visitor opening a link is verified but not signed in', async () => {
    const c = await t.signUp({ fullName: 'Cleo Visitor' });
    const link = await linkFor(c.email, /verify-email/);
    const before = (await sessionsOf(c.id)).length;
    const res = await t.request(link);
    expect(res.status).toBeLessThan(400);
    expect(res.headers.getSetCookie().filter((x) => x.includes('session_token'))).toEqual([]);
    expect((await sessionsOf(c.id)).length).toBe(before);
    const row = await t.ctx.database.db
      .selectFrom('user')
      .select('emailVerified')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(row.emailVerified)).toBe(true);
  });
});

describe(`profile changes follow the sign-up rules (${process.env.TEST_DIALECT})`, () => {
  const refused: [string, Record<string, unknown>, RegExp][] = [
    ['an unknown gender', { gender: 'robot' }, /gender/i],
    ['a 5,000-character name', { fullName: 'x'.repeat(5000) }, /fullName/i],
    ['a 5,000-character better-auth name', { name: 'x'.repeat(5000) }, /name/i],
    ['a javascript: image', { image: 'javascript:alert(document.cookie)' }, /image/i],
    ['a data: image', { image: 'data:text/html,<script>alert(1)</script>' }, /image/i],
    ['emailVerified', { emailVerified: true }, /emailVerified/],
    ['a role', { role: 'admin' }, /role/],
    ['an e-mail change', { email: 'other@example.com' }, /email/i],
    ['a name with a NUL', { fullName: 'Ada\u0000Lovelace' }, /must not contain/i],
    ['an empty body', {}, /nothing to update|no fields/i],
  ];

  for (const [what, body, message] of refused) {
    it(`/api/auth/update-user refuses ${what} and stores nothing`, async () => {
      const m = await t.signUp({ fullName: 'Ada Lovelace', gender: 'female' });
      const res = await m.request('/api/auth/update-user', { method: 'POST', json: body });
      expect(res.status).toBe(400);
      const err = (await res.json()) as { error: { code: string; message: string } };
      expect(err.error.code).toBe('VALIDATION_FAILED');
      expect(err.error.message).toMatch(message);
      const user = await t.ctx.database.db
        .selectFrom('user')
        .selectAll()
        .where('id', '=', m.id)
        .executeTakeFirstOrThrow();
      expect(user).toMatchObject({ name: 'Ada Lovelace', full_name: 'Ada Lovelace', gender: 'female', email: m.email });
      expect(Boolean(user.emailVerified)).toBe(false);
      expect((user as unknown as { image: string | null }).image ?? null).toBeNull();
    });
  }

  it('sign-up refuses an image or a field a member may not set', async () => {
    for (const extra of [{ image: 'javascript:alert(1)' }, { emailVerified: true }, { role: 'admin' }]) {
      const res = await t.request('/api/auth/sign-up/email', {
        method: 'POST',
        json: {
          email: `extra.${Object.keys(extra)[0]}@example.com`,
          password: 'correct horse battery',
          name: 'E',
          fullName: 'E',
          gender: 'other',
          ...extra,
        },
      });
      expect(res.status).toBe(400);
    }
  });

  it('/api/auth/update-user and PATCH /api/me change the account and the profile together', async () => {
    const m = await t.signUp({ fullName: 'Ada Lovelace', gender: 'female' });
    const viaAuth = await m.request('/api/auth/update-user', {
      method: 'POST',
      json: { fullName: '  Ada King  ', gender: 'other' },
    });
    expect(viaAuth.status).toBe(200);
    const user = await t.ctx.database.db
      .selectFrom('user')
      .select(['name', 'full_name', 'gender'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ name: 'Ada King', full_name: 'Ada King', gender: 'other' });
    const profile = await t.ctx.database.db
      .selectFrom('profiles')
      .select(['full_name', 'gender'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(profile).toEqual({ full_name: 'Ada King', gender: 'other' });

    const viaApi = await m.request('/api/me', { method: 'PATCH', json: { fullName: 'Augusta Ada King' } });
    expect(viaApi.status).toBe(200);
    expect(await viaApi.json()).toMatchObject({ fullName: 'Augusta Ada King', gender: 'other' });
    const session = (await (await m.request('/api/auth/get-session')).json()) as {
      user: { name: string; fullName: string };
    };
    expect(session.user).toMatchObject({ name: 'Augusta Ada King', fullName: 'Augusta Ada King' });
  });

  it('PATCH /api/me refuses what the sign-up form refuses', async () => {
    const m = await t.signUp();
    for (const body of [
      { gender: 'robot' },
      { fullName: '' },
      { fullName: 'y'.repeat(121) },
      { emailVerified: true },
    ]) {
      const res = await m.request('/api/me', { method: 'PATCH', json: body });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('concurrent profile changes leave the account and the profile equal', async () => {
    const m = await t.signUp({ fullName: 'Race Start' });
    const names = Array.from({ length: 20 }, (_, i) => `Racer ${i}`);
    const genders = ['male', 'female', 'other', 'prefer-not-to-say'] as const;
    const results = await Promise.all(
      names.map((fullName, i) =>
        i % 2
          ? m.request('/api/me', { method: 'PATCH', json: { fullName, gender: genders[i % 4] } })
          : m.request('/api/auth/update-user', { method: 'POST', json: { fullName, gender: genders[i % 4] } }),
      ),
    );
    for (const r of results) expect(r.status).toBe(200);
    const user = await t.ctx.database.db
      .selectFrom('user')
      .select(['name', 'full_name', 'gender'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    const profile = await t.ctx.database.db
      .selectFrom('profiles')
      .select(['full_name', 'gender'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(names).toContain(user.full_name);
    expect(user.name).toBe(user.full_name);
    expect(profile).toEqual({ full_name: user.full_name, gender: user.gender });
  });
});

describe(`guessable passwords are refused (${process.env.TEST_DIALECT})`, () => {
  const weak = ['password', '12345678', '        ', 'qwertyuiop', 'iloveyou123', 'Password1!'];

  for (const password of weak) {
    it(`sign-up refuses ${JSON.stringify(password)} with a clear message`, async () => {
      const email = `weak.${Math.random().toString(36).slice(2)}@example.com`;
      const res = await t.request('/api/auth/sign-up/email', {
        method: 'POST',
        json: { email, password, name: 'W', fullName: 'Weak Pass', gender: 'other' },
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as {
        code: string;
        error: { code: string; message: string; issues?: { path: string }[] };
      };
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.message).toMatch(/too easy to guess/);
      expect(body.code).toBe('PASSWORD_TOO_WEAK');
      expect(body.error.issues?.[0]?.path).toBe('password');
      const user = await t.ctx.database.db
        .selectFrom('user')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      expect(user).toBeUndefined();
    });
  }

  it('refuses a password made of the member’s own name or address', async () => {
    const res = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: {
        email: 'marguerite.yourcenar@example.com',
        password: 'yourcenar1903',
        name: 'M',
        fullName: 'Marguerite Yourcenar',
        gender: 'female',
      },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/too easy to guess/);
  });

  it('change-password refuses a guessable new password and keeps the old one', async () => {
    const m = await t.signUp();
    const res = await m.request('/api/auth/change-password', {
      method: 'POST',
      json: { currentPassword: m.password, newPassword: 'password1' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('PASSWORD_TOO_WEAK');
    expect(
      (await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: m.email, password: m.password } }))
        .status,
    ).toBe(200);
  });

  it('reset-password refuses a guessable new password and the link still works afterwards', async () => {
    const m = await t.signUp();
    const req = await t.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email: m.email, redirectTo: '/reset-password' },
    });
    expect(req.status).toBe(200);
    const link = await linkFor(m.email, /reset-password/);
    const token = link.match(/reset-password\/([^?]+)/)?.[1];
    expect(token).toBeTruthy();
    const weakRes = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: '12345678' },
    });
    expect(weakRes.status).toBe(400);
    expect(((await weakRes.json()) as { code: string }).code).toBe('PASSWORD_TOO_WEAK');
    const strong = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'velvet lantern orchard' },
    });
    expect(strong.status).toBe(200);
  });
});
