import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event, EventList } from '../../../domain/events';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';

let t: TestApp;
let now = new Date('2026-11-22T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ seed: false, clock: () => now });
  await t.services.events.seedSamples();
});
afterAll(async () => {
  await t?.close();
});

async function list(m?: TestMember): Promise<Event[]> {
  const res = m ? await m.request('/api/events') : await t.request('/api/events');
  expect(res.status).toBe(200);
  return ((await res.json()) as EventList).events;
}

async function eventWithSpots(spots: number): Promise<Event> {
  const ev = (await list()).find((e) => e.spots === spots);
  if (!ev) throw new Error(`no sample event with ${spots} spots`);
  return ev;
}

describe(`events (${process.env.TEST_DIALECT})`, () => {
  it('lists the three sample events from today on, with 15, 8 and 25 spots', async () => {
    const events = await list();
    expect(events.map((e) => e.spots).sort((a, b) => a - b)).toEqual([8, 15, 25]);
    for (const e of events) {
      expect(e.date > '2026-11-22').toBe(true);
      expect(e.spotsLeft).toBe(e.spots);
      expect(e.reserved).toBe(false);
    }
    // Seeding again changes nothing.
    await t.services.events.seedSamples();
    expect(await list()).toHaveLength(3);
  });

  it('lets a member RSVP once, shows her spot, and lets her cancel', async () => {
    const m = await t.signUp();
    const ev = await eventWithSpots(15);
    const first = await m.request(`/api/events/${ev.id}/rsvp`, { method: 'POST' });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ id: ev.id, spotsLeft: 14, reserved: true });

    const again = await m.request(`/api/events/${ev.id}/rsvp`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('CONFLICT');
    expect((await list(m)).find((e) => e.id === ev.id)).toMatchObject({ spotsLeft: 14, reserved: true });
    // Another member sees the spot taken but not reserved by her.
    const other = await t.signUp();
    expect((await list(other)).find((e) => e.id === ev.id)).toMatchObject({ spotsLeft: 14, reserved: false });
    // She cannot cancel a reservation she does not hold.
    expect((await other.request(`/api/events/${ev.id}/rsvp`, { method: 'DELETE' })).status).toBe(404);

    const cancel = await m.request(`/api/events/${ev.id}/rsvp`, { method: 'DELETE' });
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toMatchObject({ spotsLeft: 15, reserved: false });
    expect((await m.request(`/api/events/${ev.id}/rsvp`, { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses visitors, unknown events and bad ids', async () => {
    const ev = await eventWithSpots(25);
    expect((await t.request(`/api/events/${ev.id}/rsvp`, { method: 'POST' })).status).toBe(401);
    const m = await t.signUp();
    expect((await m.request('/api/events/999999/rsvp', { method: 'POST' })).status).toBe(404);
    const bad = await m.request('/api/events/abc/rsvp', { method: 'POST' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/id/);
  });

  it('never goes below zero: 20 concurrent RSVPs for 8 spots admit exactly 8, then the event says it is full', async () => {
    const ev = await eventWithSpots(8);
    const members = await Promise.all(Array.from({ length: 20 }, () => t.signUp()));
    const statuses = await Promise.all(
      members.map((m) => m.request(`/api/events/${ev.id}/rsvp`, { method: 'POST' }).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(8);
    expect(statuses.filter((s) => s === 409)).toHaveLength(12);
    const row = await t.ctx.database.db
      .selectFrom('events')
      .select('spots_left')
      .where('id', '=', ev.id)
      .executeTakeFirstOrThrow();
    expect(row.spots_left).toBe(0);
    const count = await t.ctx.database.db
      .selectFrom('event_rsvps')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('event_id', '=', ev.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(8);

    const late = await t.signUp();
    const full = await late.request(`/api/events/${ev.id}/rsvp`, { method: 'POST' });
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({ error: { code: 'EVENT_FULL', message: 'This event is full' } });
  });

  it('one member firing 10 RSVPs at once holds exactly one spot', async () => {
    const ev = await eventWithSpots(25);
    const m = await t.signUp();
    const before = (await list()).find((e) => e.id === ev.id)!.spotsLeft;
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () =>
        m.request(`/api/events/${ev.id}/rsvp`, { method: 'POST' }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect((await list()).find((e) => e.id === ev.id)!.spotsLeft).toBe(before - 1);
  });

  it('hides past events and seeds the next occurrence once they have passed', async () => {
    now = new Date('2026-12-20T10:00:00Z'); // all three samples are behind us
    expect(await list()).toHaveLength(0);
    await t.services.events.seedSamples();
    const next = await list();
    expect(next).toHaveLength(3);
    expect(next.every((e) => e.date > '2026-12-20' && e.spotsLeft === e.spots)).toBe(true);
  });
});
