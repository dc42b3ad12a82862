/**
 * Browse API under load, next to a bare node:http server answering a fixed JSON body of the same
 * size, in the same run: autocannon with 50 connections, at 1k and 100k items, on SQLite and (when
 * a URL is given) PostgreSQL. Prints req/s, p50, p99 and the ratio to bare node:http for three
 * ways of asking:
 *   cached    the 4 browse URLs in turn, as shipped (repeats come from the response micro-cache)
 *   distinct  the same 4 queries, each request with its own URL (an ignored `_=<n>` parameter):
 *             the micro-cache cannot repeat anything, the route's 1 s list cache still can
 *   uncached  the 4 browse URLs against a server started with BROWSE_CACHE_MS=0: every request
 *             goes through Hono and runs its database query
 *
 *   node --import tsx bench/browse.ts                              # SQLite, 1k and 100k items
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/test node --import tsx bench/browse.ts
 *   options: --sizes=1000,100000 --duration=10 --connections=50
 *
 * Databases are built once under .tmp/bench (SQLite) or as rentique_bench_<n> (PostgreSQL) and
 * reused by later runs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { fillCatalogue } from '../scripts/seed-large';
import { compose } from '../src/server/compose';
import { loadEnv } from '../src/server/env';
import { createLogger } from '../src/server/logger';
import { load, type LoadResult } from './lib/load';
import { startApp, startBare } from './lib/processes';
import { printTable } from './lib/table';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const sizes = arg('sizes', '1000,100000').split(',').map(Number);
const duration = Number(arg('duration', '10'));
const connections = Number(arg('connections', '50'));
const pgBase = process.env.BENCH_DATABASE_URL;

/** What a visitor's browsing asks for: first pages of the tabs, a category, a size, a later page. */
const BROWSE_PATHS = [
  '/api/items?gender=Women&sort=popular&limit=24',
  '/api/items?gender=Men&sort=price-asc&limit=24',
  '/api/items?gender=Women&category=Dresses&limit=24',
  '/api/items?gender=Women&size=M&sort=rating&limit=24',
];

async function prepare(dialect: 'sqlite' | 'postgres', n: number): Promise<Record<string, string>> {
  let env: Record<string, string>;
  if (dialect === 'sqlite') {
    const dir = path.resolve(`.tmp/bench/sqlite-${n}`);
    mkdirSync(dir, { recursive: true });
    env = { DATA_DIR: dir };
  } else {
    const name = `rentique_bench_${n}`;
    const admin = new pg.Client({ connectionString: pgBase });
    await admin.connect();
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(pgBase!);
    url.pathname = `/${name}`;
    const dir = path.resolve(`.tmp/bench/pg-${n}`);
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

const MODES = ['cached', 'distinct', 'uncached'] as const;
type Mode = (typeof MODES)[number];

interface Row {
  dialect: string;
  items: number;
  bytes: number;
  bare: LoadResult;
  app: Record<Mode, LoadResult>;
}

async function measure(dialect: 'sqlite' | 'postgres', n: number): Promise<Row> {
  const env = await prepare(dialect, n);
  let app = await startApp(env);
  let bytes: number;
  let bare: LoadResult;
  const result = {} as Record<Mode, LoadResult>;
  try {
    // The yardstick answers the body of the main browse request, byte for byte the same size.
    const res = await fetch(app.url + BROWSE_PATHS[0]);
    const body = Buffer.from(await res.arrayBuffer());
    if (!res.ok) throw new Error(`browse answered ${res.status}: ${body.toString()}`);
    bytes = body.length;
    const file = path.resolve(`.tmp/bench/body-${dialect}-${n}.json`);
    writeFileSync(file, body);
    const yardstick = await startBare(file);
    try {
      bare = await load(yardstick.url, ['/api/items'], { connections, duration });
    } finally {
      await yardstick.stop();
    }
    result.cached = await load(app.url, BROWSE_PATHS, { connections, duration });
    result.distinct = await load(app.url, BROWSE_PATHS, { connections, duration, distinct: true });
  } finally {
    await app.stop();
  }
  app = await startApp({ ...env, BROWSE_CACHE_MS: '0' });
  try {
    result.uncached = await load(app.url, BROWSE_PATHS, { connections, duration });
  } finally {
    await app.stop();
  }
  return { dialect, items: n, bytes, bare, app: result };
}

const LABELS: Record<Mode, string> = {
  cached: 'Rentique, cached browse',
  distinct: 'Rentique, distinct URLs',
  uncached: 'Rentique, uncached browse',
};

async function main() {
  mkdirSync('.tmp/bench/no-web', { recursive: true });
  const dialects: ('sqlite' | 'postgres')[] = pgBase ? ['sqlite', 'postgres'] : ['sqlite'];
  const rows: Row[] = [];
  for (const dialect of dialects) for (const n of sizes) rows.push(await measure(dialect, n));

  console.log(`\nBrowse API vs bare node:http, autocannon ${connections} connections, ${duration} s each (after a 2 s warm-up)\n`);
  const fmt = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: 0 });
  printTable(
    ['database', 'items', 'server', 'body', 'req/s', 'p50 ms', 'p99 ms', 'ratio to bare', 'errors/non-2xx'],
    rows.flatMap((r) => [
      [r.dialect, fmt(r.items), 'bare node:http', `${fmt(r.bytes)} B`, fmt(r.bare.rps), r.bare.p50, r.bare.p99, '1.00', `${r.bare.errors}/${r.bare.non2xx}`],
      ...MODES.map((m) => {
        const a = r.app[m];
        return [r.dialect, fmt(r.items), LABELS[m], `${fmt(r.bytes)} B`, fmt(a.rps), a.p50, a.p99, (a.rps / r.bare.rps).toFixed(2), `${a.errors}/${a.non2xx}`];
      }),
    ]),
  );

  // The targets are for browsing as shipped (cached); the other rows show what a miss costs.
  console.log('\nTargets at the largest size (cached browse): ratio >= 0.50, p99 < 50 ms, p50 within 2x of the smallest size');
  for (const dialect of dialects) {
    const mine = rows.filter((r) => r.dialect === dialect);
    const small = mine[0]!;
    const big = mine[mine.length - 1]!;
    const ratio = big.app.cached.rps / big.bare.rps;
    const growth = big.app.cached.p50 / Math.max(small.app.cached.p50, 1);
    console.log(
      `${dialect}: ratio ${ratio.toFixed(2)} ${ratio >= 0.5 ? 'ok' : 'MISSED'}; p99 ${big.app.cached.p99} ms ${big.app.cached.p99 < 50 ? 'ok' : 'MISSED'}; ` +
        `p50 ${small.app.cached.p50} -> ${big.app.cached.p50} ms (x${growth.toFixed(2)}) ${growth <= 2 ? 'ok' : 'MISSED'}`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
