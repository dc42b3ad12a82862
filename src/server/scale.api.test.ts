import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomPort, spawnServer, type SpawnedServer } from './test/spawn-server';
import { testDialect } from './test/test-app';

/*
 * Two stateless app processes on one PostgreSQL database (docs/deploy.md): a session made on
 * one is honoured by the other, and sign-out on one ends it for both.
 */
describe.skipIf(testDialect() !== 'postgres')('two app processes on one PostgreSQL', () => {
  const base = process.env.TEST_DATABASE_URL ?? '';
  const dbName = `rentique_scale_${randomBytes(4).toString('hex')}`;
  const dirs: string[] = [];
  let a: SpawnedServer;
  let b: SpawnedServer;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${dbName}`;
    const portA = randomPort();
    const portB = portA + 1;
    const shared = {
      DATABASE_URL: url.toString(),
      BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: `http://127.0.0.1:${portA}`,
      TRUSTED_ORIGINS: `http://127.0.0.1:${portB}`,
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
      body: JSON.stringify({ email: 'two@example.com', password: 'correct horse battery', name: 'Two', fullName: 'Two Procs', gender: 'other' }),
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
});
