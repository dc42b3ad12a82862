import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPage, UnreadCount } from '../../../domain/notifications';
import { QUEUES } from '../../jobs/queues';
import type { Mail } from '../../mailer';
import { readyToRent } from '../../test/renter';
import { dispatchRental, makeStaff } from '../../test/staff';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';

/*
 * Notifications on a real database (SQLite with the table queue; PostgreSQL with pg-boss in the
 * api-postgres project), with an injected clock that the tests move day by day. The scan runs as
 * a job of the queue, the e-mails as jobs too (ctx.jobs.runDue runs whatever is due, in-process).
 */

let now = new Date('2026-11-23T09:00:00Z');
let failNext = 0;
let t: TestApp;
let member: TestMember;

beforeAll(async () => {
  t = await createTestApp({
    clock: () => now,
    // Retries come at once (0 s base delay) so runDue sees them; the mail server can refuse.
    env: { jobRetryDelaySeconds: 0, jobLeaseSeconds: 30 },
    beforeSend: () => {
      if (failNext > 0) {
        failNext -= 1;
        throw new Error('451 4.3.0 mail server busy, try again later');
      }
    },
  });
  member = await readyToRent(await t.signUp({ fullName: 'Nora Notified' }));
});
afterAll(async () => {
  await t?.close();
});

const day = (iso: string) => {
  now = new Date(`${iso}T09:00:00Z`);
};

/** What the scheduler does each interval: queue a scan; then every due job runs. */
async function scanAndDeliver(): Promise<void> {
  await t.ctx.jobs.send(QUEUES.reminderScan.name, {}, { singletonKey: 'scan' });
  await t.ctx.jobs.runDue();
}

const notificationMails = (to: string, kind?: RegExp): Mail[] =>
  t.mails.filter((m) => m.to === to && m.messageId?.startsWith('<notification-') && (!kind || kind.test(m.subject)));

async function rows(userId: string) {
  return t.ctx.database.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

async function firstItem(offset = 0): Promise<number> {
  const res = await t.request('/api/items?sort=price-asc&size=M&limit=10');
  return ((await res.json()) as { items: { id: number }[] }).items[offset]!.id;
}

describe(`reminders (${process.env.TEST_DIALECT})`, () => {
  it('reminds 2 days before the return date and sends an overdue notice the day after, each once, in the app and by e-mail', async () => {
    day('2026-11-23');
    const res = await member.request('/api/rentals', {
      method: 'POST',
      json: { itemId: await firstItem(), size: 'M' },
    });
    expect(res.status).toBe(201);
    const rental = (await res.json()) as { id: number; returnDate: string };
    expect(rental.returnDate).toBe('2026-11-30');
    // Staff send it the same day: the member is told it is on its way (once, however often it is clicked).
    const staff = await makeStaff(t, { fullName: 'Dina Dispatch' });
    await dispatchRental(staff, rental.id);
    expect((await staff.request(`/api/ops/rentals/${rental.id}/dispatch`, { method: 'POST' })).status).toBe(409);
    await t.ctx.jobs.runDue();
    const sent = await rows(member.id);
    expect(sent.map((r) => [r.kind, r.subject_id])).toEqual([['rental_dispatched', String(rental.id)]]);
    expect(notificationMails(member.email, /is on its way$/)).toHaveLength(1);

    day('2026-11-27');
    await scanAndDeliver();
    expect(await rows(member.id)).toHaveLength(1);

    day('2026-11-28');
    await scanAndDeliver();
    await scanAndDeliver();
    let mine = (await rows(member.id)).slice(1);
    expect(mine.map((r) => [r.kind, r.subject_type, r.subject_id])).toEqual([
      ['due_back_reminder', 'rental', `${rental.id}:2026-11-30`],
    ]);
    expect(mine[0]!.emailed_at).not.toBeNull();
    const dueMails = notificationMails(member.email, /is due back/);
    expect(dueMails).toHaveLength(1);
    expect(dueMails[0]!.subject).toMatch(/is due back Monday 30 November$/);
    expect(dueMails[0]!.text).toContain('http://localhost:3000/dashboard');

    day('2026-11-30');
    await scanAndDeliver();
    expect(await rows(member.id)).toHaveLength(2);

    day('2026-12-01');
    await scanAndDeliver();
    await scanAndDeliver();
    mine = await rows(member.id);
    expect(mine.map((r) => r.kind)).toEqual(['rental_dispatched', 'due_back_reminder', 'overdue_notice']);
    expect(notificationMails(member.email, /is overdue$/)).toHaveLength(1);

    // Returned: nothing more about it, however many scans.
    await member.request(`/api/rentals/${rental.id}/return`, { method: 'POST' });
    day('2026-12-03');
    await scanAndDeliver();
    expect(await rows(member.id)).toHaveLength(3);
    expect(notificationMails(member.email)).toHaveLength(3);
  });

  it('sends no overdue notice for a reservation that was never dispatched (it never left)', async () => {
    const m = await readyToRent(await t.signUp({ fullName: 'Nell Neversent' }));
    day('2026-11-23');
    const rental = (await (
      await m.request('/api/rentals', { method: 'POST', json: { itemId: await firstItem(6), size: 'M' } })
    ).json()) as { id: number };
    day('2026-11-28');
    await scanAndDeliver();
    day('2026-12-02');
    await scanAndDeliver();
    expect((await rows(m.id)).map((r) => r.kind)).toEqual(['due_back_reminder']);
    await m.request(`/api/rentals/${rental.id}/return`, { method: 'POST' });
  });

  it('reminds again for a new return date after an extension', async () => {
    const m = await readyToRent(await t.signUp({ fullName: 'Ezra Extends' }));
    day('2026-12-03');
    const rental = (await (
      await m.request('/api/rentals', { method: 'POST', json: { itemId: await firstItem(1), size: 'M' } })
    ).json()) as { id: number };
    day('2026-12-08');
    await scanAndDeliver();
    expect((await m.request(`/api/rentals/${rental.id}/extend`, { method: 'POST' })).status).toBe(200);
    day('2026-12-15');
    await scanAndDeliver();
    expect((await rows(m.id)).map((r) => r.subject_id)).toEqual([`${rental.id}:2026-12-10`, `${rental.id}:2026-12-17`]);
    expect(notificationMails(m.email, /is due back/)).toHaveLength(2);
    await m.request(`/api/rentals/${rental.id}/return`, { method: 'POST' });
  });

  it('reminds the day before an event the member holds a spot for', async () => {
    const m = await t.signUp({ fullName: 'Rhea Rsvp' });
    day('2026-11-23');
    const events = (await (await m.request('/api/events')).json()) as {
      events: { id: number; date: string; title: string }[];
    };
    const ev = events.events[0]!;
    expect((await m.request(`/api/events/${ev.id}/rsvp`, { method: 'POST' })).status).toBe(201);
    const before = (iso: string, days: number) =>
      new Date(Date.parse(`${iso}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
    day(before(ev.date, 2));
    await scanAndDeliver();
    expect(await rows(m.id)).toHaveLength(0);
    day(before(ev.date, 1));
    await scanAndDeliver();
    await scanAndDeliver();
    const mine = await rows(m.id);
    expect(mine.map((r) => [r.kind, r.subject_id, r.title])).toEqual([
      ['rsvp_reminder', `${ev.id}:${ev.date}`, `Tomorrow: ${ev.title}`],
    ]);
    expect(notificationMails(m.email, /^Tomorrow:/)).toHaveLength(1);
  });

  it('makes each reminder once when scans run at the same time (the unique key decides)', async () => {
    const members = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => readyToRent(await t.signUp({ fullName: `Para Llel ${i}` }))),
    );
    day('2026-12-20');
    for (const [i, m] of members.entries()) {
      expect(
        (await m.request('/api/rentals', { method: 'POST', json: { itemId: await firstItem(2 + i), size: 'M' } }))
          .status,
      ).toBe(201);
    }
    day('2026-12-25');
    const service = t.services.notifications;
    const results = await Promise.all(Array.from({ length: 6 }, () => service.scan()));
    expect(results.reduce((n, r) => n + r.created, 0)).toBe(members.length);
    await t.ctx.jobs.runDue();
    for (const m of members) {
      expect((await rows(m.id)).map((r) => r.kind)).toEqual(['due_back_reminder']);
      expect(notificationMails(m.email)).toHaveLength(1);
    }
  });
});

describe(`e-mail delivery (${process.env.TEST_DIALECT})`, () => {
  async function newNotification(userId: string, subject: string): Promise<number> {
    const service = t.services.notifications;
    const id = await t.ctx.database.db.transaction().execute((trx) =>
      service.notify(trx, {
        kind: 'listing_approved',
        subjectType: 'listing',
        subjectId: subject,
        userId,
        data: { itemId: 1, itemName: `Piece ${subject}` },
      }),
    );
    if (id === null) throw new Error('not created');
    return id;
  }

  it('sends a notification once when ten senders race for it (the conditional claim)', async () => {
    const m = await t.signUp({ fullName: 'Cleo Claim' });
    const id = await newNotification(m.id, 'race');
    const service = t.services.notifications;
    const sent = await Promise.all(Array.from({ length: 10 }, () => service.sendEmail(id)));
    expect(sent.filter(Boolean)).toHaveLength(1);
    await t.ctx.jobs.runDue(); // the queued job finds it sent
    expect(notificationMails(m.email)).toHaveLength(1);
    const [row] = await rows(m.id);
    expect(row!.emailed_at).not.toBeNull();
    expect(row!.email_attempts).toBe(1);
  });

  it('retries a refused send and delivers it once; a notification is created once per subject', async () => {
    const m = await t.signUp({ fullName: 'Reta Retry' });
    failNext = 2;
    const id = await newNotification(m.id, 'retry');
    expect(
      await t.ctx.database.db.transaction().execute((trx) =>
        t.services.notifications.notify(trx, {
          kind: 'listing_approved',
          subjectType: 'listing',
          subjectId: 'retry',
          userId: m.id,
          data: { itemId: 1, itemName: 'again' },
        }),
      ),
    ).toBeNull();
    // Retries wait retryDelay, doubling (pg-boss's backoff adds jitter): poll until delivered or 20 s.
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && notificationMails(m.email).length === 0) {
      await t.ctx.jobs.runDue();
      if (notificationMails(m.email).length === 0) await new Promise((r) => setTimeout(r, 1100));
    }
    expect(failNext).toBe(0);
    expect(notificationMails(m.email)).toHaveLength(1);
    const row = (await rows(m.id)).find((r) => r.id === id)!;
    expect(row.email_attempts).toBe(3);
    expect(row.emailed_at).not.toBeNull();
    expect(row.email_error).toBeNull();
  }, 40_000);

  it('rolls the notification and its e-mail job back with the transaction that made them', async () => {
    const m = await t.signUp({ fullName: 'Rolf Back' });
    const service = t.services.notifications;
    await expect(
      t.ctx.database.db.transaction().execute(async (trx) => {
        await service.notify(trx, {
          kind: 'listing_approved',
          subjectType: 'listing',
          subjectId: 'rollback',
          userId: m.id,
          data: { itemId: 1, itemName: 'Gone' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.ctx.jobs.runDue()).toBe(0);
    expect(await rows(m.id)).toHaveLength(0);
    expect(notificationMails(m.email)).toHaveLength(0);
  });
});

describe(`the member's notifications (${process.env.TEST_DIALECT})`, () => {
  it('lists newest first with the unread count, marks one and all read, and keeps each member to her own', async () => {
    const m = await t.signUp({ fullName: 'Lia List' });
    const service = t.services.notifications;
    for (let i = 0; i < 5; i += 1) {
      await t.ctx.database.db.transaction().execute((trx) =>
        service.notify(trx, {
          kind: 'listing_approved',
          subjectType: 'listing',
          subjectId: `list-${i}`,
          userId: m.id,
          data: { itemId: i, itemName: `Piece ${i}` },
        }),
      );
    }
    const page = (await (await m.request('/api/notifications?limit=3')).json()) as NotificationPage;
    expect(page.unreadCount).toBe(5);
    expect(page.notifications.map((n) => n.title)).toEqual([
      'Your listing Piece 4 is live',
      'Your listing Piece 3 is live',
      'Your listing Piece 2 is live',
    ]);
    const rest = (await (
      await m.request(`/api/notifications?limit=3&before=${page.nextBefore}`)
    ).json()) as NotificationPage;
    expect(rest.notifications.map((n) => n.title)).toEqual([
      'Your listing Piece 1 is live',
      'Your listing Piece 0 is live',
    ]);
    expect(rest.nextBefore).toBeNull();

    const other = await t.signUp();
    expect(
      (await other.request(`/api/notifications/${page.notifications[0]!.id}/read`, { method: 'POST' })).status,
    ).toBe(404);
    expect((await other.request('/api/notifications')).status).toBe(200);
    expect(((await (await other.request('/api/notifications')).json()) as NotificationPage).notifications).toHaveLength(
      0,
    );

    const one = (await (
      await m.request(`/api/notifications/${page.notifications[0]!.id}/read`, { method: 'POST' })
    ).json()) as UnreadCount;
    expect(one.unreadCount).toBe(4);
    // Marking it again changes nothing.
    expect(
      (
        (await (
          await m.request(`/api/notifications/${page.notifications[0]!.id}/read`, { method: 'POST' })
        ).json()) as UnreadCount
      ).unreadCount,
    ).toBe(4);
    expect(((await (await m.request('/api/notifications/unread-count')).json()) as UnreadCount).unreadCount).toBe(4);
    expect(
      ((await (await m.request('/api/notifications/read-all', { method: 'POST' })).json()) as UnreadCount).unreadCount,
    ).toBe(0);
    const after = (await (await m.request('/api/notifications')).json()) as NotificationPage;
    expect(after.notifications.every((n) => n.readAt !== null)).toBe(true);
    expect((await t.request('/api/notifications')).status).toBe(401);
  });
});
