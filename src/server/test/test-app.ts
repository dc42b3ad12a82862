import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Gender } from '../../domain/auth.schema';
import type { App } from '../app';
import { compose } from '../compose';
import type { AppContext } from '../context';
import type { Services } from '../services';
import type { WebSource } from '../http/static';
import { loadEnv, type Env } from '../env';
import { createLogger, type Logger } from '../logger';
import { createMailer, type Mail, type Mailer } from '../mailer';
import { startSmtpServer, type TestSmtpServer } from './smtp';

export const TEST_ORIGIN = 'http://localhost:3000';

/** Which database this API test run uses: set per Vitest project (see vitest.config.ts). */
export function testDialect(): 'sqlite' | 'postgres' {
  return process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
}

/** Creates an empty PostgreSQL database for one test file and returns its URL and a dropper. */
async function createPostgresDatabase(baseUrl: string) {
  const name = `rentique_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestMember {
  id: string;
  email: string;
  password: string;
  fullName: string;
  cookie: string;
  /** A request as this member: session cookie and our Origin are set, JSON bodies are encoded. */
  request(pathname: string, init?: TestRequestInit): Promise<Response>;
}

export type TestRequestInit = Omit<RequestInit, 'body'> & { body?: unknown; json?: unknown };

export interface TestApp {
  app: App;
  ctx: AppContext;
  /** The services the app runs on, built once by the composition root (src/server/compose.ts). */
  services: Services;
  dialect: 'sqlite' | 'postgres';
  /** Mails the app sent (verification links...): as received by the SMTP server when `smtp` is on. */
  mails: Mail[];
  /**
   * The first mail to `to` whose subject or text matches, waiting for it to arrive (mail leaves in
   * the background). Needs `smtp: true`, or finds mails already collected otherwise.
   */
  waitForMail(to: string, match: RegExp): Promise<Mail>;
  /** The test SMTP server's URL (with `smtp: true`), for a second app on the same database. */
  smtpUrl: string | undefined;
  /** A request with no session (a visitor), with our Origin. */
  request(pathname: string, init?: TestRequestInit): Promise<Response>;
  /** Signs a new member up (unique email unless given) and returns a handle with their cookie. */
  signUp(opts?: { email?: string; password?: string; fullName?: string; gender?: Gender }): Promise<TestMember>;
  /** Signs in an existing account and returns a handle with the new session cookie. */
  signIn(email: string, password: string): Promise<TestMember>;
  close(): Promise<void>;
}

let counter = 0;

/** Extracts "name=value" pairs from Set-Cookie headers into one Cookie header. */
export function cookieFrom(res: Response, previous = ''): string {
  const jar = new Map<string, string>();
  for (const part of previous.split(/;\s*/).filter(Boolean)) {
    const i = part.indexOf('=');
    jar.set(part.slice(0, i), part.slice(i + 1));
  }
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';')[0] ?? '';
    const i = pair.indexOf('=');
    const name = pair.slice(0, i);
    const value = pair.slice(i + 1);
    if (value === '' || /max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/**
 * The app in-process against a real, empty database: a temp SQLite file, or a fresh PostgreSQL
 * database when TEST_DIALECT=postgres (using TEST_DATABASE_URL). Call close() in afterAll.
 */
export async function createTestApp(
  opts: {
    env?: Partial<Env>;
    clock?: () => Date;
    seed?: boolean;
    /** Capture logs (default: silent). */
    logger?: Logger;
    /** Send mail over SMTP to a real SMTP server started for this app (t.mails is what it received). */
    smtp?: boolean;
    /** Called with each mail before it is captured; throwing makes the send fail (a mail server refusing it). */
    beforeSend?: (mail: Mail) => void | Promise<void>;
    /** Pages to mount after the API (default: none, the API alone). */
    web?: WebSource;
  } = {},
): Promise<TestApp> {
  const dialect = testDialect();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rentique-test-'));
  let dropPg: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (dialect === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL');
    const created = await createPostgresDatabase(base);
    databaseUrl = created.url;
    dropPg = created.drop;
  }
  const env = loadEnv(
    { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '3000' },
    {
      databaseUrl,
      paymentDelayMs: 0,
      signInRateLimit: 1000,
      signUpRateLimit: 1000,
      mailRateLimit: 1000,
      rentalChargeRateLimit: 1000,
      promoCodeRateLimit: 1000,
      // The welcome offer is off unless a test turns it on (offers.api.test.ts): the booking tests
      // that came before it count a first rental's full price.
      welcomeOfferPercent: 0,
      webDistDir: path.join(dataDir, 'no-web'),
      ...opts.env,
    },
  );
  const smtp: TestSmtpServer | undefined = opts.smtp ? await startSmtpServer() : undefined;
  const mails: Mail[] = smtp ? smtp.mails : [];
  const logger = opts.logger ?? createLogger('silent');
  const smtpMailer = smtp ? createMailer({ smtpUrl: smtp.url, from: env.mailFrom, logger }) : undefined;
  const mailer: Mailer = {
    async send(mail) {
      await opts.beforeSend?.(mail);
      if (smtpMailer) await smtpMailer.send(mail);
      else mails.push(mail);
    },
  };
  const { ctx, services, app } = await compose({
    env,
    logger,
    mailer,
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
    ...(opts.web ? { web: opts.web } : {}),
  });

  const send = (pathname: string, init: TestRequestInit = {}, cookie = '') => {
    const headers = new Headers(init.headers);
    if (!headers.has('origin')) headers.set('origin', TEST_ORIGIN);
    if (cookie) headers.set('cookie', cookie);
    let body: BodyInit | undefined;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    } else if (init.body !== undefined) {
      body = init.body as BodyInit;
    }
    const { json: _json, body: _body, ...rest } = init;
    return Promise.resolve(app.request(pathname, { ...rest, headers, ...(body !== undefined ? { body } : {}) }));
  };

  const memberFrom = async (res: Response, email: string, password: string, fullName: string): Promise<TestMember> => {
    if (!res.ok) throw new Error(`auth failed: ${res.status} ${await res.text()}`);
    const data = (await res.json()) as { user: { id: string; name: string } };
    let cookie = cookieFrom(res);
    return {
      id: data.user.id,
      email,
      password,
      fullName: fullName || data.user.name,
      get cookie() {
        return cookie;
      },
      async request(pathname, init) {
        const r = await send(pathname, init, cookie);
        cookie = cookieFrom(r, cookie);
        return r;
      },
    };
  };

  return {
    app,
    ctx,
    services,
    dialect,
    mails,
    smtpUrl: smtp?.url,
    async waitForMail(to, match) {
      const matches = (m: Mail) => m.to.toLowerCase() === to.toLowerCase() && match.test(`${m.subject}\n${m.text}`);
      if (smtp) return smtp.waitFor(matches);
      const found = mails.find(matches);
      if (!found) throw new Error(`no mail to ${to} matching ${match}`);
      return found;
    },
    request: (pathname, init) => send(pathname, init),
    async signUp(o = {}) {
      counter += 1;
      const email = o.email ?? `member${counter}.${randomBytes(3).toString('hex')}@example.com`;
      const password = o.password ?? 'correct horse battery';
      const fullName = o.fullName ?? `Member ${counter}`;
      const res = await send('/api/auth/sign-up/email', {
        method: 'POST',
        json: { email, password, name: fullName, fullName, gender: o.gender ?? 'female' },
      });
      return memberFrom(res, email, password, fullName);
    },
    async signIn(email, password) {
      const res = await send('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
      return memberFrom(res, email, password, '');
    },
    async close() {
      await ctx.close();
      await smtp?.close();
      if (dropPg) await dropPg();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
