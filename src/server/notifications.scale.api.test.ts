import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from './test/smtp-server';
import { randomPort, spawnServer, type SpawnedServer } from './test/spawn-server';
import { TEST_CARD, TEST_DELIVERY_ADDRESS } from './test/renter';
import { testDialect } from './test/test-app';
import { businessDayFromToday } from './test/business-day';

/*
 * Reminders with two real app processes on one PostgreSQL database (pg-boss), a real SMTP server
 * in this test process, and a clock the test moves (CLOCK_FILE, honoured outside production only).
 * Every notice that falls due is mailed exactly once per recipient and kind: the dispatched notice
 * (staff clicking dispatch on both processes at once), then the reminders, which the scans of both
 * processes find while both poll the queue, and one process is killed (SIGKILL) in the middle of
 * sending and started again. The mail server counts what it accepted. The desk's shared work runs
 * once too: the daily hold of overdue units (both schedulers), and a late check-in sent to both
 * processes at once (one check-in, one fee).
 */

const DAY = 86_400_000;
const root = path.resolve(import.meta.dirname, '../..');
// The day the servers count on once their clock is moved by offsetDays (the business's day: decision 0047).
const isoDay = (offsetDays: number) => businessDayFromToday(0, Date.now() + offsetDays * DAY);
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
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${what} (notification mails so far: ${notificationMails().length})`);
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
    const rows = await query<{ id: number; kind: string; email: string }>(
      'select n.id, n.kind, u.email from notifications n join "user" u on u.id = n.user_id',
    );
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
          // Not delivered: A is gone before the 250, however late its connection's close is seen here.
          return 'refuse';
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
      SIGN_UP_RATE_LIMIT: '1000',
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

  it('mails each dispatched notice, due-back reminder, overdue notice and RSVP reminder once per member, with a process killed mid-send; holds overdue units once; charges a late fee once', async () => {
    // Ten members, half through each process, each renting a different piece for the default
    // week and holding a spot at the first event (9 days after the seed day).
    const items = (
      (await (await fetch(`${a.url}/api/items?size=M&sort=price-asc&limit=${MEMBERS}`)).json()) as {
        items: { id: number }[];
      }
    ).items;
    const events = ((await (await fetch(`${b.url}/api/events`)).json()) as { events: { id: number; date: string }[] })
      .events;
    expect(items).toHaveLength(MEMBERS);
    const emails: string[] = [];
    const rentals: { id: number; cookie: string; server: SpawnedServer }[] = [];
    const signUp = async (server: SpawnedServer, email: string, name: string) => {
      const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email, password: 'correct horse battery', name, fullName: name, gender: 'female' }),
      });
      expect(res.status).toBe(200);
      return res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    };
    for (let i = 0; i < MEMBERS; i += 1) {
      const server = i % 2 ? b : a;
      const email = `remind${i}.${Date.now()}@example.com`;
      const cookie = await signUp(server, email, `Member ${i}`);
      const headers = { cookie, origin: server.url, 'content-type': 'application/json' };
      // What a pay-per-item booking needs (decision 0030): a card, a delivery address, delivery chosen.
      for (const [route, body] of [
        ['/api/plans/payment-method', TEST_CARD],
        ['/api/orders/delivery-address', TEST_DELIVERY_ADDRESS],
        ['/api/plans/pickup', { option: 'online' }],
      ] as const) {
        const put = await fetch(`${server.url}${route}`, { method: 'PUT', headers, body: JSON.stringify(body) });
        expect(put.status, `${route}: ${await put.clone().text()}`).toBe(200);
      }
      const rental = await fetch(`${server.url}/api/rentals`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ itemId: items[i]!.id, size: 'M' }),
      });
      expect(rental.status, await rental.clone().text()).toBe(201);
      rentals.push({ id: ((await rental.json()) as { id: number }).id, cookie, server });
      const rsvp = await fetch(`${server.url}/api/events/${events[0]!.id}/rsvp`, { method: 'POST', headers });
      expect(rsvp.status).toBe(201);
      emails.push(email);
    }

    // A staff member, made with the staff command on this database, signed in on both processes.
    const staffEmail = `desk.${Date.now()}@example.com`;
    await signUp(a, staffEmail, 'Desk Staff');
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/staff.ts', 'add', staffEmail], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: url },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(cli.status, cli.stderr).toBe(0);
    const staffCookie = async (server: SpawnedServer) => {
      const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email: staffEmail, password: 'correct horse battery' }),
      });
      expect(res.status).toBe(200);
      return res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    };
    const desk = { a: await staffCookie(a), b: await staffCookie(b) };
    const onBoth = (path: string, body?: unknown) =>
      Promise.all(
        (
          [
            [a, desk.a],
            [b, desk.b],
          ] as const
        ).map(([server, cookie]) =>
          fetch(`${server.url}${path}`, {
            method: 'POST',
            headers: { cookie, origin: server.url, 'content-type': 'application/json' },
            ...(body ? { body: JSON.stringify(body) } : {}),
          }).then((r) => r.status),
        ),
      );

    // Every rental dispatched from both processes at once: one dispatch each, one notice each.
    for (const r of rentals) expect((await onBoth(`/api/ops/rentals/${r.id}/dispatch`)).sort()).toEqual([200, 409]);
    await waitFor('every dispatched notice', () => notificationMails().length >= MEMBERS);
    await sleep(1500);
    expect(notificationMails()).toHaveLength(MEMBERS);
    for (const m of notificationMails()) expect(m.subject).toMatch(/is on its way$/);

    // Five days on, each rental is two days from its return date. A dies while sending one.
    const exited = new Promise((r) => a.child.once('exit', r));
    killA = true;
    moveClock(5);
    await Promise.race([
      exited,
      sleep(60_000).then(() =>
        Promise.reject(
          new Error(
            `A was not killed: mails so far from ${[...new Set(smtp.received.map((m) => m.client))].join(', ')}`,
          ),
        ),
      ),
    ]);
    expect(killedMidSend).not.toBeNull();
    await waitFor('every due-back reminder', () => notificationMails().length >= 2 * MEMBERS);
    a = await spawnServer(envA, portA);
    // Long enough for a lost claim to expire, its job to be retried and the scans to sweep.
    await sleep((LEASE_SECONDS + 4) * 1000);
    let counts = await mailsByRecipientAndKind();
    expect(notificationMails()).toHaveLength(2 * MEMBERS);
    for (const email of emails) expect(counts.get(`${email} due_back_reminder`), email).toBe(1);

    // Eight days on: the day after the return date (overdue) and the day before the event.
    moveClock(8);
    await waitFor('the overdue notices and RSVP reminders', () => notificationMails().length >= 4 * MEMBERS);
    await sleep((LEASE_SECONDS + 3) * 1000);
    counts = await mailsByRecipientAndKind();
    expect(notificationMails()).toHaveLength(4 * MEMBERS);
    for (const email of emails) {
      for (const kind of ['rental_dispatched', 'due_back_reminder', 'overdue_notice', 'rsvp_reminder'])
        expect(counts.get(`${email} ${kind}`), `${email} ${kind}`).toBe(1);
    }

    // The daily hold (both schedulers run it): every overdue unit is held to the end of today's cleaning window, once.
    const heldTill = isoDay(8 + 2);
    const holds = await query<{ end_date: string }>(
      `select b.end_date from rentals r join bookings b on b.id = r.booking_id where r.id in (${rentals.map((r) => r.id).join(',')})`,
    );
    expect(holds.map((h) => h.end_date)).toEqual(Array(MEMBERS).fill(heldTill));

    // Member 0's late piece checked in from both processes at once: one check-in, one fee charged.
    const unit = await query<{ unit_id: number }>(`select unit_id from rentals where id = ${rentals[0]!.id}`);
    const code = `RT-${String(unit[0]!.unit_id).padStart(6, '0')}`;
    expect((await onBoth(`/api/ops/units/${code}/check-in`, { condition: 'good' })).sort()).toEqual([200, 409]);
    await sleep(1500);
    const fee = await query<{ late_days: number; late_fee_status: string }>(
      `select late_days, late_fee_status from rentals where id = ${rentals[0]!.id}`,
    );
    expect(fee[0]).toEqual({ late_days: 1, late_fee_status: 'charged' });
    // One fee charge in the payments ledger, answered and settled (after the booking's own charge);
    // two charges made on her card at the provider: the booking and the fee.
    const ledger = await query<{ purpose: string; kind: string; status: string; settled: boolean }>(
      `select purpose, kind, status, settled_at is not null as settled from payment_ledger where rental_id = ${rentals[0]!.id} order by id`,
    );
    expect(ledger).toEqual([
      { purpose: 'booking', kind: 'charge', status: 'succeeded', settled: true },
      { purpose: 'late_fee', kind: 'charge', status: 'succeeded', settled: true },
    ]);
    const provider = await query<{ n: number }>(
      `select count(*)::int as n from payment_sim_objects o join payment_methods p on p.provider_token = o.token join rentals r on r.user_id = p.user_id where r.id = ${rentals[0]!.id} and o.kind = 'charge'`,
    );
    expect(provider[0]!.n).toBe(2);
    const checkIns = await query<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'unit.check_in' and subject_id = '${code}'`,
    );
    expect(checkIns[0]!.n).toBe(1);

    // The database agrees: one row per (kind, subject, recipient), each marked e-mailed. The mail
    // A was sending when it died was claimed again after its lease and sent by a live process.
    const rows = await query<{ n: number; sent: number }>(
      'select count(*)::int as n, count(emailed_at)::int as sent from notifications',
    );
    expect(rows[0]).toEqual({ n: 4 * MEMBERS, sent: 4 * MEMBERS });
    const interrupted = await query<{ email_attempts: number }>(
      `select email_attempts from notifications where id = ${idOf(killedMidSend!)}`,
    );
    expect(interrupted[0]!.email_attempts).toBe(2);
    const senders = new Set(notificationMails().map((m) => m.client));
    expect([...senders].sort()).toEqual(['proc-a', 'proc-b']);
    console.log(
      `notices with two processes and a SIGKILL mid-send: ${notificationMails().length} notification mails accepted for ${MEMBERS} members × 4 kinds ` +
        `(${notificationMails().filter((m) => m.client === 'proc-a').length} from A, ${notificationMails().filter((m) => m.client === 'proc-b').length} from B); ` +
        `the interrupted one was claimed twice and accepted once`,
    );
  }, 180_000);
});
