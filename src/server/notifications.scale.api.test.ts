import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from './test/smtp-server';
import { randomPort, spawnServer, type SpawnedServer } from './test/spawn-server';
import { testDialect } from './test/test-app';

/*
 * Reminders with two real app processes on one PostgreSQL database (pg-boss), a real SMTP server
 * in this test process, and a clock the test moves (CLOCK_FILE, honoured outside production only).
 * Every reminder that falls due is mailed exactly once per recipient and kind: the scans of both
 * processes find it, both poll the queue, and one process is killed (SIGKILL) in the middle of
 * sending and started again. The mail server counts what it accepted.
 */

const DAY = 86_400_000;
const MEMBERS = 10;
const LEASE_SECONDS = 3;

describe.skipIf(testDialect() !== 'postgres')('reminders sent once by two app processes, across a restart', () => {
  const base = process.env.TEST_DATABASE_URL ?? '';
  const dbName = `rentique_remind_${randomBytes(4).toString('hex')}`;
  const dirs: string[] = [];
  const clockDir = mkdtempSync(path.join(tmpdir(), 'rentique-clock-'));
  const clockFile = path.join(clockDir, 'offset-ms');
  let url: string;
  let smtp: TestSmtpServer;
  let a: SpawnedServer;
  let b: SpawnedServer;
  let envA: Record<string, string>;
  let portA: number;
  let killA = false;
  let killedMidSend: string | null = null;

  const dir = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'rentique-remind-'));
    dirs.push(d);
    return d;
  };
  const moveClock = (days: number) => writeFileSync(clockFile, String(days * DAY));
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /** Mails of notifications (their Message-ID names the row), leaving out sign-up verification mails. */
  const notificationMails = () => smtp.received.filter((m) => m.messageId?.startsWith('<notification-'));
  const idOf = (messageId: string) => Number(/<notification-(\d+)@/.exec(messageId)?.[1]);

  async function waitFor(what: string, cond: () => boolean, ms = 60_000) {
    const deadline = Date.now() + ms;
    while (!cond()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (notification mails so far: ${notificationMails().length})`);
      await sleep(100);
    }
  }

  async function query<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query<T>(text)).rows;
    } finally {
      await c.end();
    }
  }

  /** Each accepted notification mail, with its row's kind and recipient; checks one per (recipient, kind). */
  async function mailsByRecipientAndKind() {
    const rows = await query<{ id: number; kind: string; email: string }>('select n.id, n.kind, u.email from notifications n join "user" u on u.id = n.user_id');
    const byId = new Map(rows.map((r) => [r.id, r]));
    const counts = new Map<string, number>();
    for (const m of notificationMails()) {
      const row = byId.get(idOf(m.messageId!));
      expect(row, `a mail for an unknown notification ${m.messageId}`).toBeDefined();
      expect(m.to).toEqual([row!.email]);
      const key = `${row!.email} ${row!.kind}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${dbName}`;
    url = u.toString();
    // A slow mail server: each message is acknowledged 250 ms after it arrived. Process A is
    // killed the moment its first notification mail has arrived and waits for the 250.
    smtp = await startSmtpServer({
      delayMs: 250,
      onArrival: (mail) => {
        if (killA && mail.client === 'proc-a' && mail.messageId?.startsWith('<notification-')) {
          killA = false;
          killedMidSend = mail.messageId;
          a.child.kill('SIGKILL');
        }
      },
    });
    moveClock(0);
    portA = randomPort();
    const portB = portA + 1;
    const shared = {
      DATABASE_URL: url,
      BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: `http://127.0.0.1:${portA}`,
      TRUSTED_ORIGINS: `http://127.0.0.1:${portB}`,
      // The moved clock is refused in production; these processes run as development.
      NODE_ENV: 'development',
      CLOCK_FILE: clockFile,

      JOB_POLL_MS: '500',
      SCAN_INTERVAL_MS: '300',
      JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      JOB_RETRY_DELAY_SECONDS: '1',
      PAYMENT_DELAY_MS: '0',
      SIGN_IN_RATE_LIMIT: '1000',
      WEB_DIST_DIR: path.join(clockDir, 'no-web'),
    };
    // Each process names itself in EHLO (nodemailer's `name`), so the mail server knows who sends.
    envA = { ...shared, DATA_DIR: dir(), SMTP_URL: `${smtp.url}/?name=proc-a` };
    a = await spawnServer(envA, portA);
    b = await spawnServer({ ...shared, DATA_DIR: dir(), SMTP_URL: `${smtp.url}/?name=proc-b` }, portB);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.close();
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    for (const d of [...dirs, clockDir]) rmSync(d, { recursive: true, force: true });
  });

  it('mails each due-back reminder, overdue notice and RSVP reminder once per member, with a process killed mid-send', async () => {
    // Ten members, half through each process, each renting a different piece for the default
    // week and holding a spot at the first event (9 days after the seed day).
    const items = ((await (await fetch(`${a.url}/api/items?size=M&sort=price-asc&limit=${MEMBERS}`)).json()) as { items: { id: number }[] }).items;
    const events = ((await (await fetch(`${b.url}/api/events`)).json()) as { events: { id: number; date: string }[] }).events;
    expect(items).toHaveLength(MEMBERS);
    const emails: string[] = [];
    for (let i = 0; i < MEMBERS; i += 1) {
      const server = i % 2 ? b : a;
      const email = `remind${i}.${Date.now()}@example.com`;
      const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email, password: 'correct horse battery', name: `Member ${i}`, fullName: `Member ${i}`, gender: 'female' }),
      });
      expect(signUp.status).toBe(200);
      const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const headers = { cookie, origin: server.url, 'content-type': 'application/json' };
      const rental = await fetch(`${server.url}/api/rentals`, { method: 'POST', headers, body: JSON.stringify({ itemId: items[i]!.id, size: 'M' }) });
      expect(rental.status, await rental.clone().text()).toBe(201);
      const rsvp = await fetch(`${server.url}/api/events/${events[0]!.id}/rsvp`, { method: 'POST', headers });
      expect(rsvp.status).toBe(201);
      emails.push(email);
    }
    // Scans have been running all along: nothing is due today.
    await sleep(1500);
    expect(notificationMails()).toHaveLength(0);

    // Five days on, each rental is two days from its return date. A dies while sending one.
    const exited = new Promise((r) => a.child.once('exit', r));
    killA = true;
    moveClock(5);
    await Promise.race([exited, sleep(60_000).then(() => Promise.reject(new Error(`A was not killed: mails so far from ${[...new Set(smtp.received.map((m) => m.client))].join(', ')}`)))]);
    expect(killedMidSend).not.toBeNull();
    await waitFor('every due-back reminder', () => notificationMails().length >= MEMBERS);
    a = await spawnServer(envA, portA);
    // Long enough for a lost claim to expire, its job to be retried and the scans to sweep.
    await sleep((LEASE_SECONDS + 4) * 1000);
    let counts = await mailsByRecipientAndKind();
    expect(notificationMails()).toHaveLength(MEMBERS);
    for (const email of emails) expect(counts.get(`${email} due_back_reminder`), email).toBe(1);

    // Eight days on: the day after the return date (overdue) and the day before the event.
    moveClock(8);
    await waitFor('the overdue notices and RSVP reminders', () => notificationMails().length >= 3 * MEMBERS);
    await sleep((LEASE_SECONDS + 3) * 1000);
    counts = await mailsByRecipientAndKind();
    expect(notificationMails()).toHaveLength(3 * MEMBERS);
    for (const email of emails) {
      for (const kind of ['due_back_reminder', 'overdue_notice', 'rsvp_reminder']) expect(counts.get(`${email} ${kind}`), `${email} ${kind}`).toBe(1);
    }

    // The database agrees: one row per (kind, subject, recipient), each marked e-mailed. The mail
    // A was sending when it died was claimed again after its lease and sent by a live process.
    const rows = await query<{ n: number; sent: number }>('select count(*)::int as n, count(emailed_at)::int as sent from notifications');
    expect(rows[0]).toEqual({ n: 3 * MEMBERS, sent: 3 * MEMBERS });
    const interrupted = await query<{ email_attempts: number }>(`select email_attempts from notifications where id = ${idOf(killedMidSend!)}`);
    expect(interrupted[0]!.email_attempts).toBe(2);
    const senders = new Set(notificationMails().map((m) => m.client));
    expect([...senders].sort()).toEqual(['proc-a', 'proc-b']);
    console.log(
      `reminders with two processes and a SIGKILL mid-send: ${notificationMails().length} notification mails accepted for ${MEMBERS} members × 3 kinds ` +
        `(${notificationMails().filter((m) => m.client === 'proc-a').length} from A, ${notificationMails().filter((m) => m.client === 'proc-b').length} from B); ` +
        `the interrupted one was claimed twice and accepted once`,
    );
  }, 180_000);
});
