import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemPage } from '../../../domain/catalogue';
import type { Listing } from '../../../domain/listings';
import { createDatabase } from '../../db/database';
import { randomPort, spawnServer, type SpawnedServer } from '../../test/spawn-server';
import { testDialect } from '../../test/test-app';
import { setStaffRole } from '../ops';
import { listingForm, makeJpeg, sampleListing } from '../listings/listings.test-helpers';
import { verifiedAt } from '../../test/verified';

/*
 * Two app processes on one database (decision 0057), PostgreSQL (LISTEN/NOTIFY and polling) and
 * SQLite (one file, polling on its data_version): each keeps its own search index, and it is caught
 * up before every read. So the first search through B after A has answered finds a piece approved
 * through A, and the first after A removed it no longer does. No waiting and no clock: a test of
 * "within a second" failed under CI's load when one request took that long (the answer was right).
 * On SQLite only the catch-up read can make the first search right (the poll is 500 ms); on
 * PostgreSQL the NOTIFY at commit usually reaches B before the search does. The catch-up alone,
 * with neither NOTIFY nor a poll, is tested on both databases in index-load.api.test.ts.
 */
const postgres = testDialect() === 'postgres';
describe(`the search index across two app processes on one database (${testDialect()})`, () => {
  const base = process.env.TEST_DATABASE_URL ?? '';
  const dbName = `rentique_search_${randomBytes(4).toString('hex')}`;
  const dirs: string[] = [];
  let url = '';
  let a: SpawnedServer;
  let b: SpawnedServer;

  beforeAll(async () => {
    if (postgres) {
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      await admin.end();
      const u = new URL(base);
      u.pathname = `/${dbName}`;
      url = u.toString();
    } else {
      const shared = mkdtempSync(path.join(tmpdir(), 'rentique-search-db-'));
      dirs.push(shared);
      url = `sqlite:${path.join(shared, 'rentique.sqlite')}`;
    }
    const portA = randomPort();
    const portB = portA + 1;
    const shared = {
      DATABASE_URL: url,
      BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: `http://127.0.0.1:${portA}`,
      TRUSTED_ORIGINS: `http://127.0.0.1:${portB}`,
    };
    const dir = () => {
      const d = mkdtempSync(path.join(tmpdir(), 'rentique-search-'));
      dirs.push(d);
      return d;
    };
    a = await spawnServer({ ...shared, DATA_DIR: dir() }, portA);
    // B only answers (its jobs are A's): on SQLite, one writer of the queue is enough.
    b = await spawnServer({ ...shared, DATA_DIR: dir(), JOBS: 'off' }, portB);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    if (postgres) {
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  async function signUp(email: string, fullName: string): Promise<string> {
    const res = await fetch(`${a.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.url },
      body: JSON.stringify({ email, password: 'correct horse battery', name: fullName, fullName, gender: 'female' }),
    });
    expect(res.status).toBe(200);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  const found = async (server: SpawnedServer, q: string) => {
    const res = await fetch(`${server.url}/api/items?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as ItemPage).items.map((i) => i.id);
  };

  it('finds through B a piece approved through A, and loses it when A removes it, on the first search after', async () => {
    const lender = await signUp('lender@example.com', 'Lena Lender');
    await verifiedAt(a.url, lender); // lending asks a verified identity (decision 0068)
    const staff = await signUp('staff@example.com', 'Sam Staff');
    const database = createDatabase({ databaseUrl: url, dataDir: dirs[0]! });
    try {
      const made = await setStaffRole(database.db, 'staff@example.com', 'staff', {
        kind: 'cli',
        id: null,
        email: null,
      });
      expect(made.outcome).toBe('changed');
    } finally {
      await database.destroy();
    }
    const word = `zephyrquill${randomBytes(2).toString('hex')}`;
    expect(await found(b, word)).toEqual([]); // B's index is loaded and knows nothing of it
    const created = await fetch(`${a.url}/api/listings`, {
      method: 'POST',
      headers: { cookie: lender, origin: a.url },
      body: listingForm(sampleListing({ name: `${word} Silk Gown` }), [
        { data: await makeJpeg(600, 800), name: 'front.jpg', type: 'image/jpeg' },
      ]),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const listing = (await created.json()) as Listing;
    const approved = await fetch(`${a.url}/api/ops/listings/${listing.id}/approve`, {
      method: 'POST',
      headers: { cookie: staff, origin: a.url },
    });
    expect(approved.status, await approved.clone().text()).toBe(200);
    expect(await found(b, word)).toEqual([listing.id]);
    // B's fashion language reads it too: a typo and a synonym.
    expect(await found(b, `${word} dress`)).toEqual([listing.id]);

    const removed = await fetch(`${a.url}/api/listings/${listing.id}`, {
      method: 'DELETE',
      headers: { cookie: lender, origin: a.url },
    });
    expect(removed.status, await removed.clone().text()).toBe(204);
    expect(await found(b, word)).toEqual([]);
    expect(await found(b, `${word} dress`)).toEqual([]);
  }, 60_000);
});
