/**
 * Browse and search API under load, next to a bare node:http server answering a fixed JSON body
 * of the same size, in the same run: autocannon with 50 connections, at 1k and 100k items, on
 * SQLite and (when a URL is given) PostgreSQL. Nothing is cached in front of the routes (decision
 * 0018) and every request has its own URL (an ignored `_=<n>` parameter), so each one runs its
 * database queries. Prints req/s, p50, p99 and the ratio to bare node:http for:
 *   browse        first pages of the tabs, a category, a size, a sort
 *   browse+dates  the same with a date range (availability)
 *   search        ?q= with correct and mistyped words, alone and with filters, sorts and dates
 *   suggest       /api/search/suggest as someone types
 *   facets        facet counts with two filters (one pass over the facet index, decision 0024)
 *
 *   node --import tsx bench/browse.ts                              # SQLite, 1k and 100k items
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/test node --import tsx bench/browse.ts
 *   options: --sizes=1000,100000 --duration=10 --connections=50 --modes=browse,search
 *
 * Databases are built once under .tmp/bench (SQLite) or as rentique_bench_<n> (PostgreSQL) and
 * reused by later runs (BENCH_NAME=x: .tmp/x and rentique_x_<n> instead).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { prepareDatabase, type BenchDialect } from './lib/databases';
import { load, type LoadResult } from './lib/load';
import { startApp, startBare } from './lib/processes';
import { printTable } from './lib/table';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const sizes = arg('sizes', '1000,100000').split(',').map(Number);
const duration = Number(arg('duration', '10'));
const connections = Number(arg('connections', '50'));
const pgBase = process.env.BENCH_DATABASE_URL;

const DATES = '&from=2027-01-11&to=2027-01-18';

/** What a visitor's browsing asks for: first pages of the tabs, a category, a size, a later page. */
const BROWSE_PATHS = [
  '/api/items?gender=Women&sort=popular&limit=24',
  '/api/items?gender=Men&sort=price-asc&limit=24',
  '/api/items?gender=Women&category=Dresses&limit=24',
  '/api/items?gender=Women&size=M&sort=rating&limit=24',
  '/api/items?gender=Women&category=Dresses&sort=price-asc&limit=24',
  '/api/items?gender=Women&colour=black&occasion=party&minPrice=1000&sort=newest&limit=24',
];

/** Searches as people type them: plain, mistyped, with filters, another sort, dates. */
const SEARCH_PATHS = [
  '/api/items?q=black%20dress&limit=24',
  '/api/items?q=blak%20dres&limit=24',
  '/api/items?q=wool%20coat&gender=Women&limit=24',
  '/api/items?q=gucci&sort=price-asc&limit=24',
  '/api/items?q=leathr&category=Jackets&limit=24',
  '/api/items?q=silk&gender=Women&size=M&limit=24',
  `/api/items?q=red&sort=rating&limit=24${DATES}`,
  '/api/items?q=trench&gender=Women&occasion=work&limit=24',
];

const SUGGEST_PATHS = [
  '/api/search/suggest?q=bl',
  '/api/search/suggest?q=blak',
  '/api/search/suggest?q=blak%20dr',
  '/api/search/suggest?q=gucc',
  '/api/search/suggest?q=wool%20co',
];

const FACET_PATHS = [
  '/api/items/facets?gender=Women&occasion=party',
  '/api/items/facets?gender=Women&q=black&size=M',
  '/api/items/facets?gender=Men&colour=black&maxPrice=1500',
  '/api/items/facets?gender=Women&category=Dresses&minPrice=2000',
];

const prepare = (dialect: BenchDialect, n: number) =>
  prepareDatabase(dialect, n, { name: process.env.BENCH_NAME ?? 'bench', pgBase });

const MODES = ['browse', 'browse+dates', 'search', 'suggest', 'facets'] as const;
type Mode = (typeof MODES)[number];
const PATHS: Record<Mode, string[]> = {
  browse: BROWSE_PATHS,
  'browse+dates': BROWSE_PATHS.map((p) => p + DATES),
  search: SEARCH_PATHS,
  suggest: SUGGEST_PATHS,
  facets: FACET_PATHS,
};
const modes = arg('modes', MODES.join(',')).split(',') as Mode[];

interface Row {
  dialect: string;
  items: number;
  bytes: number;
  bare: LoadResult;
  app: Partial<Record<Mode, LoadResult>>;
}

async function measure(dialect: 'sqlite' | 'postgres', n: number): Promise<Row> {
  const env = await prepare(dialect, n);
  const app = await startApp(env);
  let bytes: number;
  let bare: LoadResult;
  const result: Partial<Record<Mode, LoadResult>> = {};
  try {
    // The yardstick answers the body of the main browse request, byte for byte the same size.
    const res = await fetch(app.url + BROWSE_PATHS[0]);
    const body = Buffer.from(await res.arrayBuffer());
    if (!res.ok) throw new Error(`browse answered ${res.status}: ${body.toString()}`);
    bytes = body.length;
    for (const path of Object.values(PATHS).flat()) {
      const check = await fetch(app.url + path);
      if (!check.ok) throw new Error(`${path} answered ${check.status}: ${await check.text()}`);
    }
    const file = path.resolve(`.tmp/bench/body-${dialect}-${n}.json`);
    writeFileSync(file, body);
    const yardstick = await startBare(file);
    try {
      bare = await load(yardstick.url, ['/api/items'], { connections, duration });
    } finally {
      await yardstick.stop();
    }
    for (const mode of modes)
      result[mode] = await load(app.url, PATHS[mode], { connections, duration, distinct: true });
  } finally {
    await app.stop();
  }
  return { dialect, items: n, bytes, bare, app: result };
}

async function main() {
  mkdirSync('.tmp/bench/no-web', { recursive: true });
  const dialects: ('sqlite' | 'postgres')[] = pgBase ? ['sqlite', 'postgres'] : ['sqlite'];
  const rows: Row[] = [];
  for (const dialect of dialects) for (const n of sizes) rows.push(await measure(dialect, n));

  console.log(
    `\nBrowse and search API vs bare node:http, autocannon ${connections} connections, ${duration} s each (after a 2 s warm-up), every URL distinct, no response cache\n`,
  );
  const fmt = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: 0 });
  printTable(
    ['database', 'items', 'server', 'req/s', 'p50 ms', 'p99 ms', 'ratio to bare', 'errors/non-2xx'],
    rows.flatMap((r) => [
      [
        r.dialect,
        fmt(r.items),
        `bare node:http (${fmt(r.bytes)} B)`,
        fmt(r.bare.rps),
        r.bare.p50,
        r.bare.p99,
        '1.00',
        `${r.bare.errors}/${r.bare.non2xx}`,
      ],
      ...modes.map((m) => {
        const a = r.app[m]!;
        return [
          r.dialect,
          fmt(r.items),
          `Rentique, ${m}`,
          fmt(a.rps),
          a.p50,
          a.p99,
          (a.rps / r.bare.rps).toFixed(2),
          `${a.errors}/${a.non2xx}`,
        ];
      }),
    ]),
  );

  console.log('\nTargets at the largest size: p99 < 50 ms; p50 within 1.5x of the smallest size');
  for (const dialect of dialects) {
    const mine = rows.filter((r) => r.dialect === dialect);
    const small = mine[0]!;
    const big = mine[mine.length - 1]!;
    for (const m of modes) {
      const a = big.app[m]!;
      const growth = a.p50 / Math.max(small.app[m]!.p50, 1);
      console.log(
        `${dialect} ${m}: p99 ${a.p99} ms ${a.p99 < 50 ? 'ok' : 'MISSED'}; p50 ${small.app[m]!.p50} -> ${a.p50} ms (x${growth.toFixed(2)}) ${growth <= 1.5 ? 'ok' : 'MISSED'}`,
      );
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
