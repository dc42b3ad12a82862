import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, AppointmentAvailability, AppointmentList } from '../../../domain/support';
import { compose, type Composed } from '../../compose';
import { createLogger } from '../../logger';
import { createMailer } from '../../mailer';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';

// Monday 23 November 2026: tomorrow (Tuesday) is the first bookable day, Sunday the 29th is closed.
const NOW = new Date('2026-11-23T10:00:00Z');
let t: TestApp;
let second: Composed;

beforeAll(async () => {
  t = await createTestApp({ seed: false, smtp: true, clock: () => NOW, env: { trustProxy: true, mailRateLimit: 3 } });
  // Another app process on the same database (its own connection pool), as in production with
  // several processes: the slot's uniqueness must hold across them.
  const logger = createLogger('silent');
  second = await compose({
    env: t.ctx.env,
    logger,
    clock: () => NOW,
    mailer: createMailer({ smtpUrl: t.smtpUrl!, from: t.ctx.env.mailFrom, logger }),
    seed: false,
  });
});
afterAll(async () => {
  await second?.ctx.database.destroy();
  await t?.close();
});

const contact = async (ip: string, json: unknown): Promise<Response> =>
  t.app.request('/api/contact', {
    method: 'POST',
    headers: { 'x-forwarded-for': ip, origin: TEST_ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });

const message = (email: string) => ({
  name: 'Noor Haddad',
  email,
  topic: 'Lending my clothes',
  message: 'Can I lend a wedding guest dress I have worn twice?',
});

describe(`contact form (${process.env.TEST_DIALECT})`, () => {
  it('stores the message and e-mails the sender a copy through the mail server', async () => {
    const res = await contact('198.51.100.1', message('noor@example.com'));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: number; receivedAt: string };
    expect(body.receivedAt).toBe(NOW.toISOString());
    const row = await t.ctx.database.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Noor Haddad',
      email: 'noor@example.com',
      topic: 'Lending my clothes',
      client_address: '198.51.100.1',
      user_id: null,
    });
    const mail = await t.waitForMail('noor@example.com', /We have your message/);
    expect(mail.text).toContain('Dear Noor Haddad');
    expect(mail.text).toContain('Can I lend a wedding guest dress I have worn twice?');
  });

  it('refuses bad input with 400 naming the field, in the one error shape', async () => {
    const res = await contact('198.51.100.2', { ...message('not-an-address'), message: 'short' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; issues: { path: string }[] } };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.issues.map((i) => i.path).sort()).toEqual(['email', 'message']);
    const unknownTopic = await contact('198.51.100.2', { ...message('a@example.com'), topic: 'Refunds!!' });
    expect(unknownTopic.status).toBe(400);
  });

  it('is limited per client address (MAIL_RATE_LIMIT), like the other endpoints that send mail', async () => {
    const ip = '198.51.100.3';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await contact(ip, message(`limit${i}@example.com`))).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const refused = await contact(ip, message('limit9@example.com'));
    const body = (await refused.json()) as {
      error: { code: string; message: string; details: { retryAfterSeconds: number } };
    };
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(body.error.details.retryAfterSeconds).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await contact('198.51.100.4', message('other@example.com'))).status).toBe(201);
  });

  it('holds the limit under concurrent sends from one address', async () => {
    const ip = '198.51.100.5';
    const statuses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => contact(ip, message(`burst${i}@example.com`)).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });
});

describe(`styling appointments (${process.env.TEST_DIALECT})`, () => {
  it('are for members only: a visitor gets 401 in the error shape, but may see the free times', async () => {
    const res = await t.request('/api/appointments', {
      method: 'POST',
      json: { date: '2026-11-24', time: '10:00', kind: 'fitting-session' },
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
    const free = await t.request('/api/appointments/availability?date=2026-11-24');
    expect(free.status).toBe(200);
    const day = (await free.json()) as AppointmentAvailability;
    expect(day.open).toBe(true);
    expect(day.slots.every((s) => s.available)).toBe(true);
  });

  it('books a slot, confirms it by e-mail, lists it, and shows the time as taken', async () => {
    const m = await t.signUp({ fullName: 'Ines Laurent' });
    const res = await m.request('/api/appointments', {
      method: 'POST',
      json: { date: '2026-11-25', time: '14:00', kind: 'occasion-styling', note: 'A black-tie wedding in January' },
    });
    expect(res.status).toBe(201);
    const booked = (await res.json()) as Appointment;
    expect(booked).toMatchObject({
      date: '2026-11-25',
      time: '14:00',
      kind: 'occasion-styling',
      note: 'A black-tie wedding in January',
    });
    const mail = await t.waitForMail(m.email, /occasion styling on Wednesday 25 November 2026 at 14:00/);
    expect(mail.text).toContain('Dear Ines Laurent');
    expect(mail.text).toContain('A black-tie wedding in January');

    const mine = (await (await m.request('/api/appointments')).json()) as AppointmentList;
    expect(mine.appointments.map((a) => a.id)).toEqual([booked.id]);
    const day = (await (
      await t.request('/api/appointments/availability?date=2026-11-25')
    ).json()) as AppointmentAvailability;
    expect(day.slots.find((s) => s.time === '14:00')?.available).toBe(false);
    expect(day.slots.filter((s) => !s.available)).toHaveLength(1);
  });

  it('refuses a taken slot with 409, and dates outside the window or on Sundays with 400', async () => {
    const first = await t.signUp();
    const other = await t.signUp();
    expect(
      (
        await first.request('/api/appointments', {
          method: 'POST',
          json: { date: '2026-11-26', time: '10:00', kind: 'fitting-session' },
        })
      ).status,
    ).toBe(201);
    const taken = await other.request('/api/appointments', {
      method: 'POST',
      json: { date: '2026-11-26', time: '10:00', kind: 'virtual-styling' },
    });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({
      error: { code: 'CONFLICT', message: 'That time has just been booked by another member. Please choose another.' },
    });

    for (const [date, pattern] of [
      ['2026-11-23', /from tomorrow/],
      ['2026-11-29', /closed on Sundays/],
      ['2027-03-01', /60 days ahead/],
    ] as const) {
      const res = await other.request('/api/appointments', {
        method: 'POST',
        json: { date, time: '10:00', kind: 'fitting-session' },
      });
      expect(res.status, date).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string; issues: { path: string }[] } };
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.message).toMatch(pattern);
      expect(body.error.issues[0]!.path).toBe('date');
    }
    const badTime = await other.request('/api/appointments', {
      method: 'POST',
      json: { date: '2026-11-26', time: '13:00', kind: 'fitting-session' },
    });
    expect(badTime.status).toBe(400);
    expect(((await badTime.json()) as { error: { issues: { path: string }[] } }).error.issues[0]!.path).toBe('time');
  });

  it('gives one slot to exactly one of many members booking it at once, across two app processes', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => t.signUp()));
    const statuses = await Promise.all(
      members.map(async (m, i) => {
        const init = {
          method: 'POST',
          headers: { origin: TEST_ORIGIN, cookie: m.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ date: '2026-11-27', time: '16:00', kind: 'wardrobe-consultation' }),
        };
        const res = await (i % 2 ? second.app : t.app).request('/api/appointments', init);
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    const rows = await t.ctx.database.db
      .selectFrom('styling_appointments')
      .select('user_id')
      .where('date', '=', '2026-11-27')
      .where('time', '=', '16:00')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('caps a member at three upcoming appointments', async () => {
    const m = await t.signUp();
    for (const time of ['10:00', '11:00', '12:00']) {
      expect(
        (
          await m.request('/api/appointments', {
            method: 'POST',
            json: { date: '2026-12-01', time, kind: 'fitting-session' },
          })
        ).status,
      ).toBe(201);
    }
    const fourth = await m.request('/api/appointments', {
      method: 'POST',
      json: { date: '2026-12-01', time: '14:00', kind: 'fitting-session' },
    });
    expect(fourth.status).toBe(409);
  });
});
