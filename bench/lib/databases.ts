import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { fillCatalogue } from '../../scripts/seed-large';
import { compose } from '../../src/server/compose';
import { loadEnv } from '../../src/server/env';
import { createLogger } from '../../src/server/logger';

export type BenchDialect = 'sqlite' | 'postgres';

/**
 * A catalogue of `n` items to measure against, built on first use and reused: a SQLite file under
 * .tmp/<name>/sqlite-<n>, or the PostgreSQL database rentique_<name>_<n> next to `pgBase`.
 * Returns the environment (DATA_DIR, DATABASE_URL) that opens it.
 */
export async function prepareDatabase(
  dialect: BenchDialect,
  n: number,
  opts: { name?: string; pgBase?: string | undefined } = {},
): Promise<Record<string, string>> {
  const name = opts.name ?? 'bench';
  let env: Record<string, string>;
  if (dialect === 'sqlite') {
    const dir = path.resolve(`.tmp/${name}/sqlite-${n}`);
    mkdirSync(dir, { recursive: true });
    env = { DATA_DIR: dir };
  } else {
    if (!opts.pgBase) throw new Error('PostgreSQL needs BENCH_DATABASE_URL');
    const db = `rentique_${name}_${n}`;
    const admin = new pg.Client({ connectionString: opts.pgBase });
    await admin.connect();
    const exists = await admin.query('select 1 from pg_database where datname = $1', [db]);
    if (!exists.rowCount) await admin.query(`create database ${db}`);
    await admin.end();
    const url = new URL(opts.pgBase);
    url.pathname = `/${db}`;
    const dir = path.resolve(`.tmp/${name}/pg-${n}`);
    mkdirSync(dir, { recursive: true });
    env = { DATA_DIR: dir, DATABASE_URL: url.toString() };
  }
  const { ctx } = await compose({ env: loadEnv({ ...env, LOG_LEVEL: 'warn' }), logger: createLogger('warn') });
  try {
    await fillCatalogue(ctx.database, n, (m) => console.error(`[${dialect} ${n}] ${m}`));
  } finally {
    await ctx.close();
  }
  return env;
}
