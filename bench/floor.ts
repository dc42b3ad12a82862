/**
 * The floor under the 50-connection targets: what a search or a facet count costs in the database
 * (or the facet index) alone, with no HTTP, no framework and no JSON, at the bench's catalogue
 * sizes, next to the budget one request has when 50 connections queue on one process.
 *
 * With C connections kept busy on one process, a request waits for the C - 1 before it, so its
 * latency is about C x the time one request takes. p99 under 50 ms at 50 connections therefore
 * leaves about 1 ms per request for everything: HTTP, routing, validation, the queries, JSON and
 * compression. This prints, per database and size, the p50 of the parts that grow with the
 * catalogue, using the repository's own queries (the ones the routes run):
 *   match    the full-text match alone (ids of the matching items, no ranking, no filters)
 *   ranked   a first page of 24 in relevance order (the search request's main query)
 *   facets   one pass of the facet index (decision 0024) for the bench's facet filter sets
 *
 *   node --import tsx bench/floor.ts
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/test node --import tsx bench/floor.ts
 *   options: --sizes=1000,100000 --n=50
 *
 * The catalogues are the ones bench/browse.ts builds (built on first use).
 */
import { compose } from '../src/server/compose';
import { loadEnv } from '../src/server/env';
import { createLogger } from '../src/server/logger';
import {
  createCatalogueRepository,
  type ItemFilters,
  type SearchMatch,
} from '../src/server/features/catalogue/catalogue.repository';
import { createFacetIndex } from '../src/server/features/catalogue/facet-index';
import { prepareDatabase, type BenchDialect } from './lib/databases';
import { printTable } from './lib/table';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const sizes = arg('sizes', '1000,100000').split(',').map(Number);
const n = Number(arg('n', '50'));
const pgBase = process.env.BENCH_DATABASE_URL;
const dialects: BenchDialect[] = pgBase ? ['sqlite', 'postgres'] : ['sqlite'];

/** The bench's searches after typo correction (bench/browse.ts SEARCH_PATHS), as word groups. */
const SEARCHES: [string, SearchMatch][] = [
  ['black dress', { groups: [['black'], ['dress']] }],
  [
    'blak dres',
    {
      groups: [
        ['blak', 'black'],
        ['dres', 'dress'],
      ],
    },
  ],
  ['wool coat', { groups: [['wool'], ['coat']] }],
  ['gucci', { groups: [['gucci']] }],
  ['leathr', { groups: [['leathr', 'leather']] }],
  ['silk', { groups: [['silk']] }],
  ['red', { groups: [['red']] }],
  ['trench', { groups: [['trench']] }],
];

/** The bench's facet filter sets (bench/browse.ts FACET_PATHS; the search one without its words). */
const FACETS: [string, ItemFilters][] = [
  ['Women, party', { gender: 'Women', occasion: 'party' }],
  ['Women, M', { gender: 'Women', size: 'M' }],
  ['Men, black, <= 15', { gender: 'Men', colour: 'black', maxPrice: 1500 }],
  ['Women, Dresses, >= 20', { gender: 'Women', category: 'Dresses', minPrice: 2000 }],
];

async function p50(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));

async function main() {
  const rows: (string | number)[][] = [];
  for (const dialect of dialects) {
    for (const size of sizes) {
      const env = await prepareDatabase(dialect, size, { pgBase });
      const { ctx } = await compose({
        env: loadEnv({ ...env, LOG_LEVEL: 'warn' }),
        logger: createLogger('warn'),
        seed: false,
      });
      try {
        const db = ctx.database.db;
        const repo = createCatalogueRepository(db);
        const index = createFacetIndex(db);
        for (const [label, match] of SEARCHES) {
          const ids = await repo.matchingIds(match);
          const match1 = await p50(() => repo.matchingIds(match));
          const ranked = await p50(() => repo.list({ sort: 'relevance', limit: 24 }, null, match));
          rows.push([
            dialect,
            size.toLocaleString('en-US'),
            `search "${label}"`,
            ids.length.toLocaleString('en-US'),
            ms(match1),
            ms(ranked),
          ]);
        }
        for (const [label, filters] of FACETS) {
          const counts = await index.count(filters, null, null);
          rows.push([
            dialect,
            size.toLocaleString('en-US'),
            `facets ${label}`,
            counts.total.toLocaleString('en-US'),
            '',
            ms(await p50(() => index.count(filters, null, null))),
          ]);
        }
        console.error(`${dialect} ${size} done`);
      } finally {
        await ctx.close();
      }
    }
  }
  console.log(`\nThe database's (or the facet index's) own work, one call at a time, p50 of ${n} calls, no HTTP\n`);
  printTable(['database', 'items', 'work', 'matches / total', 'match ms', 'ranked page / facet pass ms'], rows);
  console.log(
    '\nBudget at 50 connections on one process for p99 < 50 ms: about 1 ms per request, for all of its work.',
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
