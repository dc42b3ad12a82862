/**
 * A mixed member workload under load: every autocannon connection signs in as a member of its
 * own, browses, opens an item, likes, books and opens the dashboard, with its session cookie. On
 * SQLite (one app process) and, when BENCH_DATABASE_URL is given, on PostgreSQL with two app
 * processes behind one port (node:cluster). Each next to a bare node:http server answering a
 * body of the same size, measured in the same run.
 *
 *   node --import tsx bench/mixed.ts [--duration=5] [--connections=20] [--items=2000]
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/test node --import tsx bench/mixed.ts
 *
 * Each run builds fresh databases (a temp SQLite dir, a rentique_bench_mixed_* PostgreSQL
 * database) and removes them afterwards.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon, { type Options, type Result } from 'autocannon';
import pg from 'pg';
import { fillCatalogue } from '../scripts/seed-large';
import { compose } from '../src/server/compose';
import { loadEnv } from '../src/server/env';
import { createLogger } from '../src/server/logger';
import { load, type LoadResult } from './lib/load';
import { appServer, cpuSecondsOf, freePort, startApp, startBare, stop, waitFor } from './lib/processes';
import { printTable } from './lib/table';
import { cookieOf, makeMembers, PASSWORD, rand, type Member } from './mixed-members';

export interface MixedOptions {
  duration: number;
  connections: number;
  /** Catalogue size of the fresh database. */
  items: number;
  warmup: number;
  /** How many times a visit browses, opens an item, likes, books and opens the dashboard after signing in. */
  visitRounds: number;
  /** A PostgreSQL server URL: adds the two-process PostgreSQL scenario. */
  pgBase?: string | undefined;
}

export interface MixedResult extends LoadResult {
  /** The app processes' CPU time per request over the measured run, ms (other work on the machine moves it far less than req/s). */
  cpuMsPerRequest: number;
  s2xx: number;
  s4xx: number;
  s5xx: number;
  statuses: Record<string, number>;
}

export interface MixedRow {
  database: string;
  processes: number;
  bytes: number;
  bare: LoadResult;
  app: MixedResult;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A fresh database with `items` pieces; returns the server env and how to drop it. */
async function prepare(dialect: 'sqlite' | 'postgres', opts: MixedOptions) {
  const dir = mkdtempSync(path.join(tmpdir(), `rentique-mixed-${dialect}-`));
  const env: Record<string, string> = { DATA_DIR: dir };
  let drop = async () => {};
  if (dialect === 'postgres') {
    const name = `rentique_bench_mixed_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: opts.pgBase });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(opts.pgBase!);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: opts.pgBase });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const { ctx } = await compose({ env: loadEnv({ ...env, LOG_LEVEL: 'warn' }), logger: createLogger('warn') });
  let units: { item_id: number; size: string }[];
  try {
    await fillCatalogue(ctx.database, opts.items);
    units = await ctx.database.db
      .selectFrom('item_units')
      .innerJoin('items', 'items.id', 'item_units.item_id')
      .select(['item_units.item_id', 'item_units.size'])
      .distinct()
      .where('items.status', '=', 'active')
      .where('items.owner_id', 'is', null)
      .execute();
  } finally {
    await ctx.close();
  }
  return {
    dir,
    env: {
      ...env,
      BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
      SIGN_IN_RATE_LIMIT: '10000000',
      SIGN_UP_RATE_LIMIT: '10000000',
      PAYMENT_DELAY_MS: '0',
      RENTAL_CHARGE_RATE_LIMIT: '10000000',
    },
    units,
    async cleanup() {
      await drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `processes` Rentique processes behind one port (node:cluster round-robin). */
async function startCluster(
  env: Record<string, string>,
  processes: number,
): Promise<{ url: string; stop: () => Promise<void>; cpu: () => number }> {
  const port = await freePort();
  // The workers run the app server as startApp does (appServer: the bundle, or the sources).
  const server = appServer();
  const child = fork('bench/lib/cluster.ts', [String(processes), server.script, JSON.stringify(server.execArgv)], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST_DIR: '.tmp/bench/no-web',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const pids = await new Promise<number[]>((resolve, reject) => {
    child.once('message', (m: { pids?: number[] }) => resolve(m.pids ?? []));
    child.once('exit', (code) => reject(new Error(`cluster exited ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`);
  return { url, stop: () => stop(child), cpu: () => cpuSecondsOf(pids) };
}

type Ctx = { cookie?: string; member?: Member };
type Req = { method?: string; path?: string; headers?: Record<string, string>; body?: string };

/**
 * One member's visit, repeated on every connection: sign in (the session cookie is kept in the
 * connection's context), then `rounds` times: browse, an item, a like (of an item liked before: no
 * new daily view), a booking of a random piece and dates, the dashboard.
 */
function memberVisit(url: string, members: Member[], units: { item_id: number; size: string }[], rounds: number) {
  let next = 0;
  const withCookie = (req: Req, ctx: Ctx, extra: Req = {}): Req => ({
    ...req,
    ...extra,
    headers: {
      ...req.headers,
      origin: url,
      cookie: ctx.cookie ?? '',
      ...(extra.body ? { 'content-type': 'application/json' } : {}),
    },
  });
  const signIn = {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    setupRequest: (req: Req, ctx: Ctx) => {
      const member = members[next++ % members.length]!;
      ctx.member = member;
      return {
        ...req,
        headers: { ...req.headers, 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ email: member.email, password: PASSWORD }),
      };
    },
    onResponse: (_status: number, _body: string, ctx: Ctx, headers: Record<string, string | string[]>) => {
      ctx.cookie = cookieOf(headers['set-cookie'] ?? headers['Set-Cookie']);
    },
  };
  const steps = [
    {
      method: 'GET',
      setupRequest: (req: Req, ctx: Ctx) =>
        withCookie(req, ctx, {
          path: rand([
            '/api/items?gender=Women&sort=popular&limit=24',
            '/api/items?gender=Men&sort=newest&limit=24',
            '/api/items?gender=Women&category=Dresses&limit=24',
          ]),
        }),
    },
    {
      method: 'GET',
      setupRequest: (req: Req, ctx: Ctx) => withCookie(req, ctx, { path: `/api/items/${rand(units).item_id}` }),
    },
    {
      method: 'POST',
      path: '/api/match/swipes',
      setupRequest: (req: Req, ctx: Ctx) =>
        withCookie(req, ctx, { body: JSON.stringify({ itemId: rand(ctx.member!.liked), action: 'like' }) }),
    },
    {
      method: 'POST',
      path: '/api/rentals',
      setupRequest: (req: Req, ctx: Ctx) => {
        const unit = rand(units);
        // Within the booking window (a start at most 90 days ahead).
        const start = 1 + Math.floor(Math.random() * 85);
        return withCookie(req, ctx, {
          body: JSON.stringify({
            itemId: unit.item_id,
            size: unit.size,
            startDate: day(start),
            endDate: day(start + 1 + Math.floor(Math.random() * 7)),
          }),
        });
      },
    },
    { method: 'GET', path: '/api/dashboard', setupRequest: (req: Req, ctx: Ctx) => withCookie(req, ctx) },
  ];
  return [signIn, ...Array.from({ length: rounds }, () => steps.map((step) => ({ ...step }))).flat()];
}

async function loadMixed(
  url: string,
  requests: ReturnType<typeof memberVisit>,
  opts: MixedOptions,
  cpu: () => number,
): Promise<MixedResult> {
  const run = (duration: number) =>
    autocannon({ url, connections: opts.connections, duration, requests } as unknown as Options);
  await run(opts.warmup);
  const cpuBefore = cpu();
  const r = (await run(opts.duration)) as Result & { statusCodeStats?: Record<string, { count: number }> };
  const cpuMsPerRequest = ((cpu() - cpuBefore) * 1000) / Math.max(1, r.requests.total);
  const statuses = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([k, v]) => [k, Number(v.count)]));
  const sum = (pred: (s: number) => boolean) =>
    Object.entries(statuses).reduce((n, [k, v]) => n + (pred(Number(k)) ? v : 0), 0);
  return {
    cpuMsPerRequest,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    s2xx: sum((s) => s < 300),
    s4xx: sum((s) => s >= 400 && s < 500),
    s5xx: sum((s) => s >= 500),
    statuses,
  };
}

async function scenario(dialect: 'sqlite' | 'postgres', processes: number, opts: MixedOptions): Promise<MixedRow> {
  const db = await prepare(dialect, opts);
  const app = processes > 1 ? await startCluster(db.env, processes) : await startApp(db.env);
  try {
    const itemIds = [...new Set(db.units.map((u) => u.item_id))];
    const members = await makeMembers(app.url, opts.connections, itemIds);
    // The yardstick answers a body the size of the dashboard's, the largest member answer here.
    const signIn = await fetch(`${app.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify({ email: members[0]!.email, password: PASSWORD }),
    });
    const dash = await fetch(`${app.url}/api/dashboard`, {
      headers: { cookie: cookieOf(signIn.headers.getSetCookie()) },
    });
    const body = Buffer.from(await dash.arrayBuffer());
    if (!dash.ok) throw new Error(`dashboard answered ${dash.status}: ${body.toString()}`);
    const file = path.join(db.dir, 'bare-body.json');
    writeFileSync(file, body);
    const bareServer = await startBare(file);
    let bare: LoadResult;
    try {
      bare = await load(bareServer.url, ['/api/dashboard'], {
        connections: opts.connections,
        duration: opts.duration,
        warmup: opts.warmup,
      });
    } finally {
      await bareServer.stop();
    }
    const result = await loadMixed(app.url, memberVisit(app.url, members, db.units, opts.visitRounds), opts, app.cpu);
    return { database: dialect, processes, bytes: body.length, bare, app: result };
  } finally {
    await app.stop();
    await db.cleanup();
  }
}

/** Runs the mixed workload on SQLite (and PostgreSQL with two processes when a URL is given). */
export async function runMixed(opts: MixedOptions): Promise<MixedRow[]> {
  const rows: MixedRow[] = [await scenario('sqlite', 1, opts)];
  if (opts.pgBase) rows.push(await scenario('postgres', 2, opts));
  return rows;
}

export function printMixed(rows: MixedRow[], opts: MixedOptions): void {
  console.log(
    `\nMixed member workload (sign-in, browse, item, like, book, dashboard) vs bare node:http, autocannon ${opts.connections} connections, ` +
      `${opts.duration} s each (after a ${opts.warmup} s warm-up), ${opts.items} items; a visit = sign-in + ${opts.visitRounds} x (browse, item, like, book, dashboard)\n`,
  );
  const fmt = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: 0 });
  printTable(
    [
      'database',
      'processes',
      'server',
      'req/s',
      'p50 ms',
      'p99 ms',
      'ratio to bare',
      'server CPU ms/req',
      '2xx',
      '4xx (sold out...)',
      '5xx',
      'errors',
    ],
    rows.flatMap((r) => [
      [
        r.database,
        String(r.processes),
        `bare node:http (${fmt(r.bytes)} B)`,
        fmt(r.bare.rps),
        r.bare.p50,
        r.bare.p99,
        '1.00',
        '',
        '',
        '',
        '',
        `${r.bare.errors}/${r.bare.non2xx}`,
      ],
      [
        r.database,
        String(r.processes),
        'Rentique member mix',
        fmt(r.app.rps),
        r.app.p50,
        r.app.p99,
        (r.app.rps / r.bare.rps).toFixed(3),
        r.app.cpuMsPerRequest.toFixed(2),
        fmt(r.app.s2xx),
        fmt(r.app.s4xx),
        fmt(r.app.s5xx),
        String(r.app.errors),
      ],
    ]),
  );
  for (const r of rows) console.log(`${r.database}: status codes ${JSON.stringify(r.app.statuses)}`);
}

export const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;

export function mixedOptionsFromArgs(): MixedOptions {
  return {
    duration: Number(arg('duration', process.env.BENCH_DURATION ?? '5')),
    connections: Number(arg('mixed-connections', arg('connections', '20'))),
    items: Number(arg('items', '2000')),
    warmup: Number(arg('warmup', '2')),
    visitRounds: Number(arg('visit-rounds', '10')),
    pgBase: process.env.BENCH_DATABASE_URL,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const opts = mixedOptionsFromArgs();
  runMixed(opts)
    .then((rows) => {
      printMixed(rows, opts);
      process.exit(rows.some((r) => r.app.s5xx > 0 || r.app.errors > 0) ? 1 : 0);
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
