import { beforeAll, describe, expect, it } from 'vitest';
import type { Listing, ListingList } from '../../../domain/listings';
import type { NotificationPage } from '../../../domain/notifications';
import type { AuditPage, ReviewListing, ReviewQueue } from '../../../domain/ops';
import { readyToRent } from '../../test/renter';
import { approveListing, makeStaff } from '../../test/staff';
import type { TestApp, TestMember } from '../../test/test-app';
import { json, opsTestApp } from './ops.test-helpers';

/*
 * The review of members' listings on a real database (SQLite, and PostgreSQL in the api-postgres
 * project): not public until approved, rejection with a reason the member sees, resubmission, its
 * audit entries and notifications, a review decided once under concurrent clicks. The setup is in
 * ops.test-helpers.ts.
 */

const app = opsTestApp();
const { list, publicPresence } = app;
let t: TestApp;
let staff: TestMember;
let lender: TestMember;
beforeAll(() => {
  ({ t, staff, lender } = app);
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
