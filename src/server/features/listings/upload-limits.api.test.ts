import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../../domain/errors';
import { MAX_LISTING_PHOTOS } from '../../../domain/listings';
import { hostileBody, sendHostileUpload, singleFileBody } from '../../test/hostile-upload';
import { randomPort, spawnServer, type SpawnedServer } from '../../test/spawn-server';
import { cookieFrom, testDialect } from '../../test/test-app';
import { listingForm, makeJpeg, sampleListing } from './listings.test-helpers';
import { verifiedAt } from '../../test/verified';

/*
 * The upload that stalled the whole server (issue 12): ~20 MB of ~200,000 tiny multipart parts
 * sent to the upload routes of a real server process. The server must keep answering others
 * while it arrives, and refuse it without reading it all: who may upload and how many photos
 * there is room for are checked before the body is read, and the body is parsed as a stream
 * with caps on parts, fields and sizes, ending the request at the first cap passed.
 * (The database plays no part: run on the SQLite project only.)
 */
describe.skipIf(testDialect() === 'postgres')('upload limits on a running server', () => {
  let server: SpawnedServer;
  let dir: string;
  let cookie: string;
  const body = hostileBody(200_000);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rentique-upload-'));
    const port = randomPort();
    server = await spawnServer(
      { DATA_DIR: dir, BETTER_AUTH_SECRET: randomBytes(32).toString('hex'), PUBLIC_URL: `http://127.0.0.1:${port}` },
      port,
    );
    const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({
        email: 'uploader@example.com',
        password: `Rentique-${randomBytes(8).toString('hex')}`,
        name: 'Ulla Uploader',
        fullName: 'Ulla Uploader',
        gender: 'female',
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    cookie = cookieFrom(res);
    await verifiedAt(server.url, cookie); // lending asks a verified identity (decision 0068)
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const expectRefused = (
    r: { status: number | null; body: string; sentWhenAnswered: number; total: number },
    status: number,
  ) => {
    expect(r.status, r.body).toBe(status);
    expect(ApiErrorSchema.safeParse(JSON.parse(r.body)).success, r.body).toBe(true);
    // Answered before the client had even handed the whole body to its socket: the server did
    // not wait for all of it (what was sent includes what the kernel's buffers took).
    expect(r.sentWhenAnswered).toBeGreaterThan(0);
    expect(r.sentWhenAnswered).toBeLessThan(r.total);
  };

  it(`refuses ${body.length} bytes of 200,000 tiny parts to POST /api/listings at the part cap, answering /api/health meanwhile`, async () => {
    expect(body.length).toBeGreaterThan(19_000_000);
    let health: Response | undefined;
    const result = await sendHostileUpload(`${server.url}/api/listings`, {
      body,
      cookie,
      origin: server.url,
      // While the hostile request is in flight (its first 64 KB sent, the rest to come).
      onInFlight: async () => {
        health = await fetch(`${server.url}/api/health`);
      },
    });
    expect(health?.status).toBe(200);
    expect(await health?.json()).toMatchObject({ status: 'ok' });
    expectRefused(result, 413);
    expect(result.sentWhenAnswered).toBeLessThan(result.total / 2);
    expect(JSON.parse(result.body).error.code).toBe('PAYLOAD_TOO_LARGE');
    // The server is fine afterwards.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }, 60_000);

  it('refuses it on POST /api/listings/{id}/photos before reading the body when the listing is not yours', async () => {
    const result = await sendHostileUpload(`${server.url}/api/listings/2/photos`, { body, cookie, origin: server.url });
    expectRefused(result, 404);
  }, 60_000);

  it('refuses it on POST /api/listings/{id}/photos before reading the body when the listing has no room for another photo', async () => {
    const jpeg = await makeJpeg(120, 160);
    const photos = Array.from({ length: MAX_LISTING_PHOTOS }, (_, i) => ({
      data: jpeg,
      name: `p${i}.jpg`,
      type: 'image/jpeg',
    }));
    const created = await fetch(`${server.url}/api/listings`, {
      method: 'POST',
      headers: { cookie, origin: server.url },
      body: listingForm(sampleListing(), photos),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const result = await sendHostileUpload(`${server.url}/api/listings/${id}/photos`, {
      body,
      cookie,
      origin: server.url,
    });
    expectRefused(result, 400);
    expect(JSON.parse(result.body).error.issues).toEqual([
      { path: 'photos', message: `Add at most ${MAX_LISTING_PHOTOS} photos` },
    ]);
  }, 60_000);

  it('checks a photo while it streams: 6 MB of a 20 MB file is enough to refuse it (413), and a non-image is refused at its first bytes (415)', async () => {
    const jpegish = Buffer.alloc(20_000_000, 7);
    jpegish.set([0xff, 0xd8, 0xff, 0xe0]);
    const big = await sendHostileUpload(`${server.url}/api/listings`, {
      body: singleFileBody(jpegish),
      cookie,
      origin: server.url,
    });
    expectRefused(big, 413);
    expect(JSON.parse(big.body).error.message).toMatch(/5 MB/);

    const text = await sendHostileUpload(`${server.url}/api/listings`, {
      body: singleFileBody(Buffer.alloc(20_000_000, 'a')),
      cookie,
      origin: server.url,
    });
    expectRefused(text, 415);
  }, 60_000);

  it('refuses it before reading the body without a session', async () => {
    const result = await sendHostileUpload(`${server.url}/api/listings`, { body, origin: server.url });
    expectRefused(result, 401);
  }, 60_000);
});
