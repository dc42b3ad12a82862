import { spawn } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

import type { AuditPage, InventoryPage, TodayBoard } from '../../../domain/ops';
import { createDatabase } from '../../db/database';
import { readyToRent } from '../../test/renter';
import { approveListing, dispatchRental } from '../../test/staff';
import type { TestApp, TestMember } from '../../test/test-app';
import { json, opsTestApp, root } from './ops.test-helpers';
import { setStaffRole } from './staff-accounts';

/*
 * The operations desk on a real database (SQLite, and PostgreSQL in the api-postgres project):
 * the staff command, the audit log and the read-only boards. The review of members' listings is in
 * ops-review.api.test.ts, the setup in ops.test-helpers.ts.
 */

const app = opsTestApp();
const { setNow, list, staffCli } = app;
let t: TestApp;
let staff: TestMember;
let lender: TestMember;
beforeAll(() => {
  ({ t, staff, lender } = app);
});

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
    setNow(new Date('2026-11-16T10:00:00Z'));
    // Booked a week ago for 7 days and sent that day: due back today.
    const dueToday = await json<{ id: number }>(
      member.request('/api/rentals', { method: 'POST', json: { itemId: a, size: 'M' } }),
      201,
    );
    await dispatchRental(staff, dueToday.id);
    setNow(new Date('2026-11-15T10:00:00Z'));
    const late = await json<{ id: number }>(
      member.request('/api/rentals', {
        method: 'POST',
        json: { itemId: b, size: 'M', startDate: '2026-11-15', endDate: '2026-11-22' },
      }),
      201,
    );
    await dispatchRental(staff, late.id);
    setNow(new Date('2026-11-23T09:00:00Z'));
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
