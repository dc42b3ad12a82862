import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listing } from '../domain/listings';
import { listingForm, makeJpeg, sampleListing } from './features/listings/listings.test-helpers';
import { createS3Client } from './storage/s3-storage';
import { startS3Server, type TestS3Server } from './test/s3-server';
import { randomPort, spawnServer, type SpawnedServer } from './test/spawn-server';
import { testDialect } from './test/test-app';
import { verifiedAt } from './test/verified';

/*
 * Two stateless app processes on one PostgreSQL database and one S3-compatible bucket
 * (docs/deploy.md), each with its own DATA_DIR: a session made on one is honoured by the other,
 * sign-out on one ends it for both, and a photo uploaded through one is served by the other.
 */
describe.skipIf(testDialect() !== 'postgres')('two app processes on one PostgreSQL and one S3 bucket', () => {
  const base = process.env.TEST_DATABASE_URL ?? '';
  const dbName = `rentique_scale_${randomBytes(4).toString('hex')}`;
  const dirs: string[] = [];
  let a: SpawnedServer;
  let b: SpawnedServer;
  let s3: TestS3Server;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${dbName}`;
    s3 = await startS3Server('rentique-scale');
    const portA = randomPort();
    const portB = portA + 1;
    const shared = {
      DATABASE_URL: url.toString(),
      BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: `http://127.0.0.1:${portA}`,
      TRUSTED_ORIGINS: `http://127.0.0.1:${portB}`,
      ...s3.envVars(),
    };
    const dir = () => {
      const d = mkdtempSync(path.join(tmpdir(), 'rentique-scale-'));
      dirs.push(d);
      return d;
    };
    // One after the other: the second finds the schema migrated and the seed in place.
    a = await spawnServer({ ...shared, DATA_DIR: dir() }, portA);
    b = await spawnServer({ ...shared, DATA_DIR: dir() }, portB);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await s3?.close();
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('honours on B a session made on A, and ends it on both at sign-out', async () => {
    const signUp = await fetch(`${a.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.url },
      body: JSON.stringify({
        email: 'two@example.com',
        password: 'correct horse battery',
        name: 'Two',
        fullName: 'Two Procs',
        gender: 'other',
      }),
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    const onB = await fetch(`${b.url}/api/me`, { headers: { cookie } });
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { fullName: string }).fullName).toBe('Two Procs');

    const out = await fetch(`${b.url}/api/auth/sign-out`, {
      method: 'POST',
      headers: { cookie, origin: b.url, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(out.status).toBe(200);
    const onA = await fetch(`${a.url}/api/me`, { headers: { cookie } });
    expect(onA.status).toBe(401);
  });

  it('serves on B a listing photo uploaded through A, from the shared bucket, and B deletes it for both', async () => {
    const signUp = await fetch(`${a.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.url },
      body: JSON.stringify({
        email: 'lender@example.com',
        password: 'correct horse battery',
        name: 'Lena',
        fullName: 'Lena Lender',
        gender: 'female',
      }),
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    await verifiedAt(a.url, cookie); // lending asks a verified identity (decision 0068)
    const jpeg = await makeJpeg(600, 800);
    const photos = [
      { data: jpeg, name: 'front.jpg', type: 'image/jpeg' },
      { data: await makeJpeg(500, 700), name: 'back.jpg', type: 'image/jpeg' },
    ];
    const created = await fetch(`${a.url}/api/listings`, {
      method: 'POST',
      headers: { cookie, origin: a.url },
      body: listingForm(sampleListing(), photos),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const listing = (await created.json()) as Listing;
    expect(listing.photos).toHaveLength(2);

    // The listing waits for staff review: its photos are served to its owner (her cookie) only.
    const own = { headers: { cookie } };
    expect((await fetch(`${b.url}${listing.photos[0]!.url}`)).status).toBe(404);
    const fromA = await fetch(`${a.url}${listing.photos[0]!.url}`, own);
    const fromB = await fetch(`${b.url}${listing.photos[0]!.url}`, own);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    const bytesB = Buffer.from(await fromB.arrayBuffer());
    expect(bytesB.subarray(8, 12).toString()).toBe('WEBP');
    expect(bytesB.equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);

    // The files are in the bucket, not in either process's DATA_DIR.
    for (const d of dirs) {
      const uploads = path.join(d, 'uploads');
      expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);
    }

    // B removes the first photo: the object is gone from the bucket, so A no longer has it either.
    const client = createS3Client(s3.config());
    const objects = async () =>
      ((await client.send(new ListObjectsV2Command({ Bucket: 'rentique-scale' }))).Contents ?? [])
        .map((o) => o.Key)
        .sort();
    expect(await objects()).toHaveLength(2);
    const before = await Promise.all(
      [0, 1].map((p) =>
        fetch(`${a.url}${listing.photos[p]!.url}`, own).then(async (r) => Buffer.from(await r.arrayBuffer())),
      ),
    );
    const removed = await fetch(`${b.url}/api/listings/${listing.id}/photos/0`, {
      method: 'DELETE',
      headers: { cookie, origin: b.url },
    });
    expect(removed.status, await removed.clone().text()).toBe(200);
    const after = (await removed.json()) as Listing;
    expect(after.photos).toHaveLength(1);
    const left = await fetch(`${a.url}${after.photos[0]!.url}`, own);
    expect(left.status).toBe(200);
    expect(Buffer.from(await left.arrayBuffer()).equals(before[1]!)).toBe(true);
    const gone = await fetch(`${a.url}/api/listings/${listing.id}/photos/1`, own);
    expect(gone.status).toBe(404);
    expect(await objects()).toHaveLength(1);
  });
});
