import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { signInRateLimit: 5 } });
});
afterAll(async () => {
  await t?.close();
});

describe(`security (${process.env.TEST_DIALECT})`, () => {
  it('sends the security headers on API answers, errors and auth answers included', async () => {
    for (const [path, status] of [
      ['/api/health', 200],
      // A catalogue list: its headers are a record until they are all set (decision 0089).
      ['/api/items?limit=1', 200],
      ['/api/me', 401],
      ['/api/no-such', 404],
      ['/api/auth/get-session', 200],
    ] as const) {
      const res = await t.request(path);
      expect(res.status, path).toBe(status);
      // JSON runs nothing and is never framed: the strictest policy.
      expect(res.headers.get('content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
      expect(res.headers.get('x-request-id'), path).toBeTruthy();
    }
  });

  it("answers with the caller's request id when it is a plausible one, else with a new one", async () => {
    for (const path of ['/api/items?limit=1', '/api/health', '/api/no-such']) {
      const kept = await t.request(path, { headers: { 'x-request-id': 'trace-42_a=b' } });
      expect(kept.headers.get('x-request-id'), path).toBe('trace-42_a=b');
      const made = await t.request(path, { headers: { 'x-request-id': 'not an id; drop table' } });
      expect(made.headers.get('x-request-id'), path).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('gives the API docs page the page policy (scripts from our origin only)', async () => {
    const res = await t.request('/api/docs');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('throttles brute force on sign-in (limits kept in the database)', async () => {
    const m = await t.signUp();
    await t.request('/api/auth/sign-out', { method: 'POST', json: {} });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await t.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'x-forwarded-for': '10.1.2.3' },
        json: { email: m.email, password: `wrong-${i}-password` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Even the right password is refused while throttled.
    const right = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: m.email, password: m.password },
    });
    expect(right.status).toBe(429);
    const rows = await t.ctx.database.db
      .selectFrom('rateLimit' as never)
      .selectAll()
      .execute();
    expect(rows.length).toBeGreaterThan(0);
  });

  it('refuses a state-changing request from a foreign origin or a cross-site fetch', async () => {
    const m = await t.signUp({ email: 'origin.check@example.com' });
    const foreign = await m.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      json: {},
    });
    expect(foreign.status).toBe(403);
    const crossSite = await t.request('/api/me', {
      method: 'POST',
      headers: { origin: '', 'sec-fetch-site': 'cross-site' },
      json: {},
    });
    expect(crossSite.status).toBe(403);
    expect(((await crossSite.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
  });
});

describe('cookies in production', () => {
  it('marks the session cookie Secure when the site is served over https', async () => {
    const prod = await createTestApp({
      seed: false,
      env: { publicUrl: 'https://rentique.example', trustedOrigins: ['https://rentique.example'] },
    });
    try {
      const res = await prod.request('/api/auth/sign-up/email', {
        method: 'POST',
        headers: { origin: 'https://rentique.example' },
        json: {
          email: 'secure@example.com',
          password: 'correct horse battery',
          name: 'S',
          fullName: 'S',
          gender: 'other',
        },
      });
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token'));
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    } finally {
      await prod.close();
    }
  });
});
