import { describe, expect, it } from 'vitest';
import type { AppLoadContext } from 'react-router';
import type { RentalProtection } from '@domain/protection';
import { coverAction, isCoverForm } from './cover-action';

/** Add damage cover before the app runs: the dashboard's action posts to the API as the member and answers the row's sentence. */

const protection: RentalProtection = {
  rentalId: 501,
  cover: { rentalId: 501, feeCents: 500, status: 'active', createdAt: '2026-11-29T10:00:00.000Z' },
  coverFeeCents: 500,
  canAddCover: false,
  deposit: null,
  depositCents: 0,
  damage: null,
};

function context(answer: Response, calls: string[], user = true): AppLoadContext {
  return {
    user: user ? { id: 'u1', email: 'a@b.c', name: 'Ada', emailVerified: true, role: 'member' } : null,
    apiFetch: (r: Request) => {
      calls.push(`${r.method} ${new URL(r.url).pathname}`);
      return Promise.resolve(answer);
    },
    origin: 'http://localhost',
    nonce: '',
    requestId: 'r1',
    timeZone: 'UTC',
    timeZoneOffsets: { year: 2026, minutes: Array<number>(12).fill(0) },
    businessTimeZone: 'UTC',
    welcomeOfferPercent: 0,
    businessToday: '2026-11-29',
    businessDayEndsAt: Date.parse('2026-11-30T00:00:00Z'),
  };
}

const post = (fields: Record<string, string>) =>
  new Request('http://localhost/dashboard?tab=renting', { method: 'POST', body: new URLSearchParams(fields) });

/** The data() answer's body and status (React Router's DataWithResponseInit). */
const unwrapData = (r: unknown) => r as { data: unknown; init: { status?: number } | null };

describe('coverAction', () => {
  it('adds the cover through the API and answers the row its sentence', async () => {
    const calls: string[] = [];
    const res = unwrapData(
      await coverAction(post({ intent: 'cover', rentalId: '501' }), context(Response.json(protection), calls)),
    );
    expect(calls).toEqual(['POST /api/protection/rentals/501/cover']);
    expect(res.data).toEqual({
      cover: { rentalId: 501, ok: true, message: 'Damage cover added: $5 charged to your card.' },
    });
  });

  it("refused: the API's reason, with its status", async () => {
    const refusal = Response.json(
      { error: { code: 'CONFLICT', message: 'Damage cover can be added until the rental starts.' } },
      { status: 409 },
    );
    const res = unwrapData(await coverAction(post({ intent: 'cover', rentalId: '501' }), context(refusal, [])));
    expect(res.init?.status).toBe(409);
    expect(res.data).toEqual({
      cover: { rentalId: 501, ok: false, message: 'Damage cover can be added until the rental starts.' },
    });
  });

  it('a visitor is sent to sign in; a bad id is refused before the API', async () => {
    await expect(coverAction(post({ rentalId: '501' }), context(Response.json({}), [], false))).rejects.toMatchObject({
      status: 302,
    });
    const calls: string[] = [];
    await expect(coverAction(post({ rentalId: 'x' }), context(Response.json({}), calls))).rejects.toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('tells a cover form from an RSVP form', async () => {
    expect(await isCoverForm(post({ intent: 'cover', rentalId: '1' }))).toBe(true);
    expect(await isCoverForm(post({ intent: 'rsvp', eventId: '1' }))).toBe(false);
  });
});
