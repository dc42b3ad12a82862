import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compose, type Composed } from '../../compose';
import { createLogger } from '../../logger';
import { createMailer } from '../../mailer';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';

/**
 * Limits on sign-up and on everything that sends mail, per client address (better-auth's limiter)
 * and per e-mail address (ours), kept in the database: a second app process on the same database
 * sees the same counts. On SQLite and PostgreSQL.
 */
let t: TestApp;
let second: Composed;

beforeAll(async () => {
  t = await createTestApp({ seed: false, smtp: true, env: { trustProxy: true, signUpRateLimit: 3, mailRateLimit: 2 } });
  // Another app process on the same database (same env, its own connection pool), mailing
  // through the same SMTP server.
  const logger = createLogger('silent');
  second = await compose({
    env: t.ctx.env,
    logger,
    mailer: createMailer({ smtpUrl: t.smtpUrl!, from: t.ctx.env.mailFrom, logger }),
    seed: false,
  });
});
afterAll(async () => {
  await second?.ctx.database.destroy();
  await t?.close();
});

const fromIp =
  (ip: string, json: unknown, app: 'first' | 'second' = 'first') =>
  async (path: string): Promise<Response> => {
    const init = {
      method: 'POST',
      headers: { 'x-forwarded-for': ip, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify(json),
    };
    return (app === 'first' ? t.app : second.app).request(path, init);
  };

const signUpBody = (email: string, password = 'correct horse battery') => ({
  email,
  password,
  name: 'Limit Test',
  fullName: 'Limit Test',
  gender: 'other',
});

describe(`sign-up is limited per client address, across app processes (${process.env.TEST_DIALECT})`, () => {
  it('allows 3 sign-ups an hour from one address, on either process, then refuses even a known address', async () => {
    const ip = '203.0.113.10';
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push(
        (await fromIp(ip, signUpBody(`sweep${i}@example.com`), i % 2 ? 'second' : 'first')('/api/auth/sign-up/email'))
          .status,
      );
    }
    expect(statuses).toEqual([200, 200, 200]);
    // The fourth, on either process, is refused before it can say whether the address exists.
    for (const app of ['first', 'second'] as const) {
      const res = await fromIp(ip, signUpBody('sweep0@example.com'), app)('/api/auth/sign-up/email');
      expect(res.status).toBe(429);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('RATE_LIMITED');
      expect(body.error.message).not.toMatch(/exists/i);
    }
    // Another client address is not affected.
    expect((await fromIp('203.0.113.11', signUpBody('sweep9@example.com'))('/api/auth/sign-up/email')).status).toBe(
      200,
    );
  });

  it('holds under concurrent sign-ups from one address', async () => {
    const ip = '203.0.113.20';
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        fromIp(
          ip,
          signUpBody(`burst${i}@example.com`),
          i % 2 ? 'second' : 'first',
        )('/api/auth/sign-up/email').then((r) => r.status),
      ),
    );
    expect(results.filter((s) => s === 200)).toHaveLength(3);
    expect(results.filter((s) => s === 429)).toHaveLength(5);
  });
});

describe(`mail-sending endpoints are limited (${process.env.TEST_DIALECT})`, () => {
  it('password-reset requests: per client address', async () => {
    const ip = '198.51.100.1';
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1)
      statuses.push((await fromIp(ip, { email: `r${i}@example.com` })('/api/auth/request-password-reset')).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('password-reset requests: per e-mail address, the same whether or not it has an account', async () => {
    await fromIp('198.51.100.50', signUpBody('has.account@example.com'))('/api/auth/sign-up/email');
    await fromIp('198.51.100.51', signUpBody('control.reset@example.com'))('/api/auth/sign-up/email');
    for (const email of ['has.account@example.com', 'no.account@example.com']) {
      const statuses: number[] = [];
      // From a new client address each time (and both processes): only the e-mail address repeats.
      for (let i = 0; i < 4; i += 1)
        statuses.push(
          (
            await fromIp(
              `198.51.100.${60 + i}`,
              { email: email.toUpperCase() },
              i % 2 ? 'second' : 'first',
            )('/api/auth/request-password-reset')
          ).status,
        );
      expect(statuses, email).toEqual([200, 200, 200, 429]);
    }
    // Three reset mails arrived; a mail asked for afterwards arrives too, and no fourth reset did.
    await fromIp('198.51.100.90', { email: 'control.reset@example.com' })('/api/auth/request-password-reset');
    await t.waitForMail('control.reset@example.com', /reset your rentique password/i);
    const sent = t.mails.filter((m) => m.to === 'has.account@example.com' && /reset/i.test(m.subject));
    expect(sent).toHaveLength(3);
  });

  it('verification mails: per e-mail address', async () => {
    await fromIp('198.51.100.70', signUpBody('verify.me@example.com'))('/api/auth/sign-up/email');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push(
        (await fromIp(`198.51.100.${80 + i}`, { email: 'verify.me@example.com' })('/api/auth/send-verification-email'))
          .status,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
