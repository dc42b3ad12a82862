import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listing, ListingList } from '../../../domain/listings';
import type { NotificationPage } from '../../../domain/notifications';
import type { AuditPage, InventoryPage, ReviewListing, ReviewQueue, TodayBoard } from '../../../domain/ops';
import { createDatabase } from '../../db/database';
import { readyToRent } from '../../test/renter';
import { setStaffRole } from './staff-accounts';
import { approveListing, dispatchRental, makeStaff } from '../../test/staff';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';
import { listingForm, makeJpeg, sampleListing } from '../listings/listings.test-helpers';

/*
 * The operations desk on a real database (SQLite, and PostgreSQL in the api-postgres project):
 * the staff command, the review of members' listings (not public until approved, rejection with
 * a reason the member sees, resubmission), its audit entries and notifications, a review decided
 * once under concurrent clicks, and the read-only boards.
 */

const root = path.resolve(import.meta.dirname, '../../../..');
let now = new Date('2026-11-23T09:00:00Z');
let t: TestApp;
let staff: TestMember;
let lender: TestMember;
let photo: Buffer;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  staff = await makeStaff(t, { fullName: 'Sasha Staff' });
  lender = await t.signUp({ fullName: 'Lena Lender' });
  photo = await makeJpeg(600, 800);
});
afterAll(async () => {
  await t?.close();
});

async function list(m: TestMember, name: string): Promise<Listing> {
  const res = await m.request('/api/listings', {
    method: 'POST',
    body: listingForm(sampleListing({ name }), [{ data: photo, name: 'p.jpg', type: 'image/jpeg' }]),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Listing;
}

const json = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
  const r = await res;
  const text = await r.text();
  expect(r.status, text.slice(0, 300)).toBe(status);
  return JSON.parse(text) as T;
};

/** The staff command, run as the real script against this test's database. */
function staffCli(...args: string[]) {
  const env: Record<string, string> = { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: t.ctx.env.dataDir } as Record<
    string,
    string
  >;
  if (t.ctx.env.databaseUrl) env.DATABASE_URL = t.ctx.env.databaseUrl;
  else delete env.DATABASE_URL;
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/staff.ts', ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** Where a piece shows up for a visitor: the list, a search for its name, its page. */
async function publicPresence(id: number, name: string) {
  const page = await json<{ items: { id: number }[] }>(t.request('/api/items?sort=newest&limit=48'));
  const search = await json<{ items: { id: number }[] }>(t.request(`/api/items?q=${encodeURIComponent(name)}`));
  const item = await t.request(`/api/items/${id}`);
  return {
    inList: page.items.some((i) => i.id === id),
    inSearch: search.items.some((i) => i.id === id),
    itemStatus: item.status,
  };
}

describe(`the staff command (${process.env.TEST_DIALECT})`, () => {
  it('makes an existing account staff and back, audited as the CLI; the session follows at once', async () => {
    const ines = await t.signUp({ fullName: 'Ines Ops' });
    expect((await ines.request('/api/ops/listings')).status).toBe(403);

    const unknown = staffCli('add', 'nobody.here@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/No account with the e-mail nobody\.here@example\.com/);
    expect(staffCli('promote', ines.email).code).toBe(2);

    const add = staffCli('add', ines.email.toUpperCase());
    expect(add.code, add.err).toBe(0);
    expect(add.out).toContain(`${ines.email} is now staff`);
    expect((await ines.request('/api/ops/listings')).status).toBe(200);
    expect(staffCli('list').out).toContain(ines.email);

    const remove = staffCli('remove', ines.email);
    expect(remove.code, remove.err).toBe(0);
    expect(remove.out).toContain('is no longer staff');
    expect((await ines.request('/api/ops/listings')).status).toBe(403);

    const audit = await json<AuditPage>(staff.request(`/api/ops/audit?subjectType=user&subjectId=${ines.id}`));
    expect(audit.entries.map((e) => [e.action, e.actor.kind, e.before, e.after])).toEqual([
      ['staff.revoke', 'cli', { email: ines.email, role: 'staff' }, { email: ines.email, role: 'member' }],
      ['staff.grant', 'cli', { email: ines.email, role: 'member' }, { email: ines.email, role: 'staff' }],
    ]);
  }, 120_000);

  it.runIf(process.env.TEST_DIALECT === 'sqlite')(
    'waits its turn while another process holds the write lock, instead of failing with "database is locked"',
    async () => {
      const ida = await t.signUp({ fullName: 'Ida Ops' });
      // Another process (the running server, in production) takes SQLite's write lock, writes, and
      // commits 400 ms later. The command's transaction must wait for it (busy_timeout); one that
      // read before writing was refused at once with SQLITE_BUSY when the other committed (CI saw it).
      const file = path.join(t.ctx.env.dataDir, 'rentique.sqlite');
      const holder = spawn(
        process.execPath,
        [
          '-e',
          `const db = new (require('better-sqlite3'))(process.argv[1]);
         db.exec('begin immediate');
         db.prepare("insert into request_limits (key, count, expires_at) values ('lock-holder', 0, '2099-01-01T00:00:00.000Z')").run();
         process.stdout.write('locked\\n');
         Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 400);
         db.exec('commit');`,
          file,
        ],
        { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on('data', (d: Buffer) => d.toString().includes('locked') && resolve());
        holder.once('exit', (code) => reject(new Error(`the lock holder exited with ${code}`)));
      });
      const other = createDatabase({ dataDir: t.ctx.env.dataDir });
      try {
        const result = await setStaffRole(other.db, ida.email, 'staff', { kind: 'cli', id: null, email: null });
        expect(result.outcome).toBe('changed');
      } finally {
        await other.destroy();
        await new Promise((r) => (holder.exitCode === null ? holder.once('exit', r) : r(null)));
      }
      expect((await ida.request('/api/ops/listings')).status).toBe(200);
    },
    60_000,
  );

  it('cannot be granted through better-auth: role is not an input of sign-up or update-user', async () => {
    const res = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: {
        email: `sneaky.${Date.now()}@example.com`,
        password: 'correct horse battery',
        name: 'Sneaky',
        fullName: 'Sneaky',
        gender: 'other',
        role: 'staff',
      },
    });
    const sneaky = await t.signUp({ fullName: 'Sly Member' });
    await sneaky.request('/api/auth/update-user', { method: 'POST', json: { role: 'staff' } });
    const { db } = t.ctx.database;
    const roles = await db
      .selectFrom('user')
      .select(['email', 'role'])
      .where('name', 'in', ['Sneaky', 'Sly Member'])
      .execute();
    expect(res.status === 200 || res.status === 400).toBe(true);
    for (const r of roles) expect(r.role, r.email).toBe('member');
    expect((await sneaky.request('/api/ops/today')).status).toBe(403);
  });
});

describe(`listings to review (${process.env.TEST_DIALECT})`, () => {
  it('keeps a new listing out of the catalogue, search, item page, match deck and assistant until staff approve it', async () => {
    const name = 'Quillon Sequin Gown';
    const listing = await list(lender, name);
    expect(listing.review).toMatchObject({ status: 'pending', reason: null });

    expect(await publicPresence(listing.id, name)).toEqual({ inList: false, inSearch: false, itemStatus: 404 });
    const shopper = await readyToRent(await t.signUp({ fullName: 'Sia Shopper' }));
    const deck = await json<{ items: { item: { id: number } }[] }>(shopper.request('/api/match/deck?gender=Women'));
    expect(deck.items.map((e) => e.item.id)).not.toContain(listing.id);
    const assistant = await json<{ items: { id: number }[] }>(
      shopper.request('/api/assistant/messages', { method: 'POST', json: { message: 'Show me Reformation dresses' } }),
    );
    expect(assistant.items.map((i) => i.id)).not.toContain(listing.id);
    expect((await t.request(`/api/items/${listing.id}/image.svg`)).status).toBe(404);
    expect(
      (await shopper.request('/api/rentals', { method: 'POST', json: { itemId: listing.id, size: 'M' } })).status,
    ).toBe(404);

    const queue = await json<ReviewQueue>(staff.request('/api/ops/listings'));
    const mine = queue.listings.find((l) => l.id === listing.id);
    expect(mine).toMatchObject({
      name,
      status: 'pending',
      round: 1,
      owner: { email: lender.email, name: 'Lena Lender' },
    });
    expect(mine!.photos).toHaveLength(1);
    expect((await staff.request(mine!.photos[0]!.url)).status).toBe(200);
    expect(queue.pendingCount).toBeGreaterThanOrEqual(1);

    const approved = await json<ReviewListing>(
      staff.request(`/api/ops/listings/${listing.id}/approve`, { method: 'POST' }),
    );
    expect(approved.status).toBe('approved');
    expect(await publicPresence(listing.id, name)).toEqual({ inList: true, inSearch: true, itemStatus: 200 });
    const deckAfter = await json<{ items: { item: { id: number } }[] }>(
      (await t.signUp()).request('/api/match/deck?gender=Women'),
    );
    expect(deckAfter.items.map((e) => e.item.id)).toContain(listing.id);

    // The lender is told, in the app (unread) and by e-mail (queued in the approval's transaction).
    const notes = await json<NotificationPage>(lender.request('/api/notifications'));
    expect(notes.unreadCount).toBe(1);
    expect(notes.notifications[0]).toMatchObject({
      kind: 'listing_approved',
      title: `Your listing ${name} is live`,
      link: `/item/${listing.id}`,
      readAt: null,
    });

    // Now anyone may ask for it: a member's piece is requested from her (decision 0035), not booked at once.
    expect(
      (await shopper.request('/api/lending/requests', { method: 'POST', json: { itemId: listing.id, size: 'M' } }))
        .status,
    ).toBe(201);

    // Audited with before/after and the request id.
    const audit = await json<AuditPage>(staff.request(`/api/ops/audit?action=listing.approve&subjectId=${listing.id}`));
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({
      actor: { kind: 'staff', id: staff.id, email: staff.email },
      subjectType: 'listing',
      subjectId: String(listing.id),
      before: { status: 'pending', round: 1 },
      after: { status: 'approved', round: 1 },
    });
    expect(audit.entries[0]!.requestId).toBeTruthy();
  });

  it('rejects with a required reason the member sees; her edit sends it back to review; a second approval is notified again', async () => {
    const listing = await list(lender, 'Velvet Opera Coat');
    const noReason = await staff.request(`/api/ops/listings/${listing.id}/reject`, {
      method: 'POST',
      json: { reason: '  ' },
    });
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as { error: { issues: { path: string }[] } }).error.issues[0]!.path).toBe('reason');
    expect((await staff.request(`/api/ops/listings/${listing.id}/reject`, { method: 'POST', json: {} })).status).toBe(
      400,
    );

    const reason = 'The photos are too dark to judge the fabric: please add one in daylight.';
    const rejected = await json<ReviewListing>(
      staff.request(`/api/ops/listings/${listing.id}/reject`, { method: 'POST', json: { reason } }),
    );
    expect(rejected).toMatchObject({ status: 'rejected', reason });
    expect((await t.request(`/api/items/${listing.id}`)).status).toBe(404);

    // The member sees the status and the reason on her Listing tab, and a notification.
    let mine = await json<ListingList>(lender.request('/api/listings'));
    expect(mine.listings.find((l) => l.id === listing.id)?.review).toMatchObject({ status: 'rejected', reason });
    const notes = await json<NotificationPage>(lender.request('/api/notifications'));
    expect(notes.notifications[0]).toMatchObject({
      kind: 'listing_rejected',
      title: 'Your listing Velvet Opera Coat needs changes',
    });
    expect(notes.notifications[0]!.body).toContain(reason);

    // A rejected listing cannot be approved by a second click: only listings in review are decided.
    expect((await staff.request(`/api/ops/listings/${listing.id}/approve`, { method: 'POST' })).status).toBe(409);

    // She edits it: back in review (round 2), reason cleared.
    const edited = await json<Listing>(
      lender.request(`/api/listings/${listing.id}`, {
        method: 'PATCH',
        json: { description: 'Velvet opera coat, photographed again in daylight.' },
      }),
    );
    expect(edited.review).toMatchObject({ status: 'pending', reason: null });
    const queue = await json<ReviewQueue>(staff.request('/api/ops/listings'));
    expect(queue.listings.find((l) => l.id === listing.id)).toMatchObject({ status: 'pending', round: 2 });

    await approveListing(staff, listing.id);
    mine = await json<ListingList>(lender.request('/api/listings'));
    expect(mine.listings.find((l) => l.id === listing.id)?.review.status).toBe('approved');
    const after = await json<NotificationPage>(lender.request('/api/notifications'));
    expect(after.notifications.filter((n) => n.title.includes('Velvet Opera Coat')).map((n) => n.kind)).toEqual([
      'listing_approved',
      'listing_rejected',
    ]);

    // A price change keeps a live listing live; a new name sends it back to review.
    expect(
      (
        await json<Listing>(
          lender.request(`/api/listings/${listing.id}`, { method: 'PATCH', json: { rentalPriceCents: 3_100 } }),
        )
      ).review.status,
    ).toBe('approved');
    expect(
      (
        await json<Listing>(
          lender.request(`/api/listings/${listing.id}`, { method: 'PATCH', json: { name: 'Velvet Evening Coat' } }),
        )
      ).review.status,
    ).toBe('pending');
    expect((await t.request(`/api/items/${listing.id}`)).status).toBe(404);

    const rejections = await json<AuditPage>(
      staff.request(`/api/ops/audit?subjectType=listing&subjectId=${listing.id}`),
    );
    expect(rejections.entries.map((e) => e.action)).toEqual(['listing.approve', 'listing.reject']);
    expect(rejections.entries[1]).toMatchObject({
      before: { status: 'pending', round: 1 },
      after: { status: 'rejected', round: 1, reason },
    });
  });

  it('decides a listing once when two staff click at the same time: one approval, one audit entry, one notification', async () => {
    const other = await makeStaff(t, { fullName: 'Otto Ops' });
    for (const [first, second] of [
      ['approve', 'approve'],
      ['approve', 'reject'],
    ] as const) {
      const listing = await list(lender, `Race Dress ${first} ${second}`);
      const call = (who: TestMember, action: 'approve' | 'reject') =>
        who.request(`/api/ops/listings/${listing.id}/${action}`, {
          method: 'POST',
          ...(action === 'reject' ? { json: { reason: 'Not a piece we can rent out.' } } : {}),
        });
      const statuses = (
        await Promise.all([call(staff, first), call(other, second), call(staff, second), call(other, first)])
      )
        .map((r) => r.status)
        .sort();
      expect(statuses).toEqual([200, 409, 409, 409]);
      const { db } = t.ctx.database;
      const audits = await db
        .selectFrom('audit_log')
        .select('action')
        .where('subject_type', '=', 'listing')
        .where('subject_id', '=', String(listing.id))
        .execute();
      expect(audits).toHaveLength(1);
      const notes = await db
        .selectFrom('notifications')
        .select('kind')
        .where('subject_type', '=', 'listing')
        .where('subject_id', '=', `${listing.id}:1`)
        .execute();
      expect(notes).toHaveLength(1);
      expect(notes[0]!.kind).toBe(audits[0]!.action === 'listing.approve' ? 'listing_approved' : 'listing_rejected');
    }
  });

  it('shows a title with a script tag as plain text: JSON string in the API, escaped in the generated picture', async () => {
    const name = '<script>window.__x=1</script> Gown';
    const listing = await list(lender, name);
    await approveListing(staff, listing.id);
    const item = await json<{ name: string }>(t.request(`/api/items/${listing.id}`));
    expect(item.name).toBe(name);
    const svg = await (await t.request(`/api/items/${listing.id}/image.svg`)).text();
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&#60;script&#62;');
  });
});

describe(`the audit log and the desk's boards (${process.env.TEST_DIALECT})`, () => {
  it('lists the audit log newest first, filtered by actor, action and subject, page by page', async () => {
    for (let i = 0; i < 3; i += 1) await approveListing(staff, (await list(lender, `Audit Page Dress ${i}`)).id);
    const first = await json<AuditPage>(
      staff.request(`/api/ops/audit?actor=${encodeURIComponent(staff.email)}&action=listing.approve&limit=2`),
    );
    expect(first.entries).toHaveLength(2);
    expect(first.entries[0]!.id).toBeGreaterThan(first.entries[1]!.id);
    expect(first.nextBefore).toBe(first.entries[1]!.id);
    const second = await json<AuditPage>(
      staff.request(
        `/api/ops/audit?actor=${encodeURIComponent(staff.email)}&action=listing.approve&limit=2&before=${first.nextBefore}`,
      ),
    );
    expect(second.entries[0]!.id).toBeLessThan(first.entries[1]!.id);
    for (const e of [...first.entries, ...second.entries])
      expect(e).toMatchObject({ action: 'listing.approve', actor: { email: staff.email } });
    const cli = await json<AuditPage>(staff.request('/api/ops/audit?actor=cli'));
    expect(cli.entries.every((e) => e.actor.kind === 'cli')).toBe(true);
    expect(cli.entries.length).toBeGreaterThan(0);
    expect((await staff.request('/api/ops/audit?action=listing.delete')).status).toBe(400);
  });

  it('filters the audit log by every kind of subject: rentals, units and claims as well as listings and accounts', async () => {
    const listing = await list(lender, 'Audit Subject Dress');
    await approveListing(staff, listing.id);
    const listings = await json<AuditPage>(staff.request(`/api/ops/audit?subjectType=listing&subjectId=${listing.id}`));
    expect(listings.entries.map((e) => [e.action, e.subjectType, e.subjectId])).toEqual([
      ['listing.approve', 'listing', String(listing.id)],
    ]);

    const member = await readyToRent(await t.signUp({ fullName: 'Aud Subject' }));
    const items = await json<{ items: { id: number }[] }>(t.request('/api/items?sort=price-desc&limit=1&size=M'));
    const rental = await json<{ id: number }>(
      member.request('/api/rentals', { method: 'POST', json: { itemId: items.items[0]!.id, size: 'M' } }),
      201,
    );
    await dispatchRental(staff, rental.id);
    const rentals = await json<AuditPage>(staff.request(`/api/ops/audit?subjectType=rental&subjectId=${rental.id}`));
    expect(rentals.entries.map((e) => [e.action, e.subjectType, e.subjectId])).toEqual([
      ['rental.dispatch', 'rental', String(rental.id)],
    ]);
    for (const type of ['unit', 'claim', 'item', 'user']) {
      const page = await json<AuditPage>(staff.request(`/api/ops/audit?subjectType=${type}`));
      expect(
        page.entries.every((e) => e.subjectType === type),
        type,
      ).toBe(true);
    }
    const bad = await staff.request('/api/ops/audit?subjectType=spaceship');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { issues: { path: string }[] } }).error.issues[0]!.path).toBe('subjectType');
  });

  it("shows today's board from the rentals: to dispatch, starting, due back, overdue with its fee so far, sent back", async () => {
    const items = await json<{ items: { id: number }[] }>(t.request('/api/items?sort=price-asc&limit=6&size=M'));
    const [a, b, c] = items.items.map((i) => i.id);
    const member = await readyToRent(await t.signUp({ fullName: 'Dora Desk' }));
    now = new Date('2026-11-16T10:00:00Z');
    // Booked a week ago for 7 days and sent that day: due back today.
    const dueToday = await json<{ id: number }>(
      member.request('/api/rentals', { method: 'POST', json: { itemId: a, size: 'M' } }),
      201,
    );
    await dispatchRental(staff, dueToday.id);
    now = new Date('2026-11-15T10:00:00Z');
    const late = await json<{ id: number }>(
      member.request('/api/rentals', {
        method: 'POST',
        json: { itemId: b, size: 'M', startDate: '2026-11-15', endDate: '2026-11-22' },
      }),
      201,
    );
    await dispatchRental(staff, late.id);
    now = new Date('2026-11-23T09:00:00Z');
    const starting = await json<{ id: number }>(
      member.request('/api/rentals', { method: 'POST', json: { itemId: c, size: 'M' } }),
      201,
    );
    const board = await json<TodayBoard>(staff.request('/api/ops/today'));
    expect(board.date).toBe('2026-11-23');
    expect(board.starting.map((r) => r.rentalId)).toContain(starting.id);
    expect(board.toDispatch.map((r) => r.rentalId)).toContain(starting.id);
    expect(board.toDispatch.map((r) => r.rentalId)).not.toContain(late.id);
    expect(board.dueBack.map((r) => r.rentalId)).toContain(dueToday.id);
    expect(board.overdue.map((r) => r.rentalId)).toContain(late.id);
    const toGo = board.toDispatch.find((r) => r.rentalId === starting.id)!;
    expect(toGo).toMatchObject({
      member: { name: 'Dora Desk', email: member.email },
      size: 'M',
      unitNo: 1,
      status: 'reserved',
      handoff: 'delivery',
      unitState: 'available',
      unitReady: true,
      holdsFrom: '2026-11-23',
    });
    expect(toGo.unitCode).toMatch(/^RT-\d{6}$/);
    // Where it goes: the delivery address her order recorded (readyToRent's).
    expect(toGo.destination).toEqual({
      address: 'Rita Renter\n12 Analytical Way\nApt 4B\nBrooklyn, NY 11201',
      studio: null,
    });
    // One day late: the fee so far is a day's share of the weekly price.
    const overdue = board.overdue.find((r) => r.rentalId === late.id)!;
    const weekly = (await json<{ rentalPriceCents: number }>(t.request(`/api/items/${b}`))).rentalPriceCents;
    expect(overdue).toMatchObject({
      status: 'overdue',
      daysLate: 1,
      lateFeeCents: Math.ceil(weekly / 7),
      lateFeeStatus: 'accruing',
      unitState: 'dispatched',
    });
    await member.request(`/api/rentals/${late.id}/return`, { method: 'POST' });
    const after = await json<TodayBoard>(staff.request('/api/ops/today'));
    expect(after.overdue.map((r) => r.rentalId)).not.toContain(late.id);
    expect(after.returnedToday.map((r) => r.rentalId)).toContain(late.id);
    expect(after.returning.find((r) => r.rentalId === late.id)).toMatchObject({
      status: 'returning',
      unitState: 'returned',
      daysLate: 1,
    });
  });

  it('lists the inventory with units per size and how many are out', async () => {
    const page = await json<InventoryPage>(staff.request('/api/ops/inventory'));
    expect(page.items.length).toBeGreaterThan(10);
    expect(page.totals.items).toBeGreaterThanOrEqual(page.items.length);
    expect(page.totals.out).toBeGreaterThan(0);
    expect(page.items[0]!.sizes.length).toBeGreaterThan(0);
    const next = await json<InventoryPage>(staff.request(`/api/ops/inventory?after=${page.nextAfter}`));
    expect(next.items[0]!.id).toBeGreaterThan(page.items[page.items.length - 1]!.id);
    const search = await json<InventoryPage>(staff.request('/api/ops/inventory?q=velvet'));
    expect(search.items.every((i) => /velvet/i.test(`${i.name} ${i.brand}`))).toBe(true);
  });
});
