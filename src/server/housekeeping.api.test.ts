import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHousekeeping, startHousekeeping, TMP_MIN_AGE_MS } from './housekeeping';
import { uploadsDir } from './storage/storage';
import { randomPort, spawnServer } from './test/spawn-server';
import { createTestApp, testDialect, type TestApp } from './test/test-app';

/*
 * Housekeeping: rows of rate limits whose window is over (better-auth's `rateLimit` and our
 * `request_limits`) are deleted, and temp files left by interrupted uploads are removed, at start
 * and periodically.
 */
const now = new Date('2026-11-23T12:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, clock: () => now });
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;

async function seedRows() {
  const { db } = t.ctx.database;
  const at = now.getTime();
  await db.deleteFrom('rateLimit').execute();
  await db.deleteFrom('request_limits').execute();
  await db
    .insertInto('rateLimit')
    .values([
      { id: randomBytes(8).toString('hex'), key: '127.0.0.1/sign-in/email', count: 5, lastRequest: at - 2 * HOUR },
      { id: randomBytes(8).toString('hex'), key: '10.0.0.1/sign-in/email', count: 1, lastRequest: at - 1000 },
    ])
    .execute();
  await db
    .insertInto('request_limits')
    .values([
      { key: 'card:old:0', count: 5, expires_at: new Date(at - 60_000).toISOString() },
      { key: 'card:live:1', count: 2, expires_at: new Date(at + 30 * 60_000).toISOString() },
    ])
    .execute();
}

function seedFiles(dir: string) {
  mkdirSync(dir, { recursive: true });
  const old = path.join(dir, 'abcdef01-2345-6789-abcd-ef0123456789.webp.4242.tmp');
  const fresh = path.join(dir, 'fedcba98-2345-6789-abcd-ef0123456789.webp.4343.tmp');
  const photo = path.join(dir, 'aaaaaaaa-2345-6789-abcd-ef0123456789.webp');
  for (const f of [old, fresh, photo]) writeFileSync(f, 'x');
  const past = (Date.now() - TMP_MIN_AGE_MS - 60_000) / 1000;
  utimesSync(old, past, past);
  utimesSync(photo, past, past);
  return { old, fresh, photo };
}

describe(`housekeeping (${process.env.TEST_DIALECT})`, () => {
  it('deletes rate-limit rows whose window is over and leftover upload temp files, and keeps the rest', async () => {
    await seedRows();
    const files = seedFiles(uploadsDir(t.ctx.env.dataDir));
    const report = await runHousekeeping(t.ctx);
    expect(report).toEqual({ authRateLimitRows: 1, requestLimitRows: 1, tempFiles: 1 });
    const { db } = t.ctx.database;
    expect((await db.selectFrom('rateLimit').select('key').execute()).map((r) => r.key)).toEqual([
      '10.0.0.1/sign-in/email',
    ]);
    expect((await db.selectFrom('request_limits').select('key').execute()).map((r) => r.key)).toEqual(['card:live:1']);
    expect(existsSync(files.old)).toBe(false);
    // A temp file being written right now (another process's upload) and the photos stay.
    expect(existsSync(files.fresh)).toBe(true);
    expect(existsSync(files.photo)).toBe(true);
  });

  it('runs again periodically', async () => {
    await seedRows();
    const stop = startHousekeeping(t.ctx, { intervalMs: 20 });
    try {
      const { db } = t.ctx.database;
      for (let i = 0; i < 500; i += 1) {
        if ((await db.selectFrom('request_limits').select('key').execute()).length === 1) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      expect((await db.selectFrom('request_limits').select('key').execute()).map((r) => r.key)).toEqual([
        'card:live:1',
      ]);
      expect(await db.selectFrom('rateLimit').select('key').execute()).toHaveLength(1);
    } finally {
      stop();
    }
  });
});

describe.skipIf(testDialect() === 'postgres')('housekeeping at start (a real server process)', () => {
  it('purges old rate-limit rows and leftover temp files before it serves', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rentique-housekeeping-'));
    try {
      const port = randomPort();
      const env = {
        DATA_DIR: dataDir,
        BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      };
      // A first start creates the database; then rows and files are left as a crash would leave them.
      const first = await spawnServer(env, port);
      await first.stop();
      const sqlite = new SQLite(path.join(dataDir, 'rentique.sqlite'));
      sqlite
        .prepare('insert into "rateLimit" (id, key, count, "lastRequest") values (?, ?, ?, ?)')
        .run('a', 'old', 5, Date.now() - 2 * HOUR);
      sqlite
        .prepare('insert into "rateLimit" (id, key, count, "lastRequest") values (?, ?, ?, ?)')
        .run('b', 'recent', 1, Date.now());
      sqlite
        .prepare('insert into request_limits (key, count, expires_at) values (?, ?, ?)')
        .run('card:x:0', 5, new Date(Date.now() - 60_000).toISOString());
      sqlite.close();
      const files = seedFiles(uploadsDir(dataDir));

      const second = await spawnServer(env, port + 1);
      await second.stop();
      expect(existsSync(files.old)).toBe(false);
      expect(existsSync(files.photo)).toBe(true);
      const check = new SQLite(path.join(dataDir, 'rentique.sqlite'), { readonly: true });
      expect(check.prepare('select key from "rateLimit"').all()).toEqual([{ key: 'recent' }]);
      expect(check.prepare('select key from request_limits').all()).toEqual([]);
      check.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
