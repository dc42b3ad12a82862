import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

const signUpBody = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: 'correct horse battery',
  name: 'Ada Lovelace',
  fullName: 'Ada Lovelace',
  gender: 'female',
  ...extra,
});

describe(`accounts (${process.env.TEST_DIALECT})`, () => {
  it('signs up, stores full_name and gender on the account and in profiles, and sets an HttpOnly SameSite cookie', async () => {
    const res = await t.request('/api/auth/sign-up/email', { method: 'POST', json: signUpBody('ada@example.com') });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { id: string; email: string } };
    expect(body.user.email).toBe('ada@example.com');
    const setCookie = res.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const profile = await t.ctx.database.db
      .selectFrom('profiles')
      .selectAll()
      .where('id', '=', body.user.id)
      .executeTakeFirst();
    expect(profile).toMatchObject({ id: body.user.id, full_name: 'Ada Lovelace', gender: 'female' });
    const user = await t.ctx.database.db
      .selectFrom('user')
      .select(['full_name', 'gender'])
      .where('id', '=', body.user.id)
      .executeTakeFirst();
    expect(user).toEqual({ full_name: 'Ada Lovelace', gender: 'female' });
    // The verification mail went out (to the test mailer) and sign-in does not wait for it.
    expect(t.mails.some((m) => m.to === 'ada@example.com' && /verify|confirm/i.test(m.text))).toBe(true);
  });

  it('never stores the password in plain text', async () => {
    const rows = await t.ctx.database.db
      .selectFrom('account' as never)
      .select(['password' as never])
      .execute();
    for (const row of rows as { password: string | null }[]) {
      expect(row.password).not.toContain('correct horse battery');
    }
  });

  it('refuses a duplicate sign-up with the "already exists" message', async () => {
    const res = await t.request('/api/auth/sign-up/email', { method: 'POST', json: signUpBody('ADA@example.com') });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { message: string; code: string; error: { code: string; message: string } };
    expect(body.code).toMatch(/USER_ALREADY_EXISTS/);
    // Our error shape, with better-auth's own code and message kept for its client.
    expect(body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/already exists/i) });
  });

  it('refuses a sign-up with an unknown gender or a short password', async () => {
    const bad = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: signUpBody('x@example.com', { gender: 'robot' }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/gender/);
    const short = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: signUpBody('y@example.com', { password: 'short' }),
    });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { message: string }).message).toMatch(/short/i);
  });

  it('refuses a wrong password and accepts the right one', async () => {
    const wrong = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'ada@example.com', password: 'not the password' },
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { message: string }).message).toMatch(/invalid email or password/i);

    const ok = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'ada@example.com', password: 'correct horse battery' },
    });
    expect(ok.status).toBe(200);
    const cookie = cookieFrom(ok);
    const session = await t.request('/api/auth/get-session', { headers: { cookie } });
    const data = (await session.json()) as { user: { email: string; fullName: string; gender: string } };
    expect(data.user).toMatchObject({ email: 'ada@example.com', fullName: 'Ada Lovelace', gender: 'female' });
  });

  it('reads the profile for a member and answers 401 in the error shape for a visitor', async () => {
    const m = await t.signUp({ fullName: 'Grace Hopper', gender: 'prefer-not-to-say' });
    const me = await m.request('/api/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      id: m.id,
      email: m.email,
      fullName: 'Grace Hopper',
      gender: 'prefer-not-to-say',
    });

    const visitor = await t.request('/api/me');
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: expect.any(String) } });
  });

  it('ends the session on the server at sign-out', async () => {
    const m = await t.signUp();
    const before = m.cookie;
    const out = await m.request('/api/auth/sign-out', { method: 'POST', json: {} });
    expect(out.status).toBe(200);
    // The old cookie no longer opens a session: it was deleted server-side, not just cleared.
    const replay = await t.request('/api/me', { headers: { cookie: before } });
    expect(replay.status).toBe(401);
  });

  it('refuses sign-in from a foreign origin', async () => {
    const res = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      json: { email: 'ada@example.com', password: 'correct horse battery' },
    });
    expect(res.status).toBe(403);
  });
});

describe('bad requests get a 4xx in the error shape', () => {
  it('malformed JSON', async () => {
    const m = await t.signUp();
    const res = await m.request('/api/me', { method: 'GET' });
    expect(res.status).toBe(200);
    const bad = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": "a@b.c", ',
    });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
  });

  it('unknown API routes', async () => {
    const res = await t.request('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No such API route.' } });
  });

  it('bodies over 1 MB', async () => {
    const res = await t.request('/api/me', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ blob: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('publishes an OpenAPI document and a docs page', async () => {
    const doc = await t.request('/api/openapi.json');
    expect(doc.status).toBe(200);
    const json = (await doc.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(json.openapi).toBe('3.1.0');
    expect(Object.keys(json.paths)).toContain('/api/me');
    const page = await t.request('/api/docs');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger-ui');
  });
});
