/**
 * The floor under the 50-connection targets: what a search, a list and a facet count cost in the
 * process alone (the in-process search index of decision 0057, plus the page's rows read by id and,
 * with dates, the booked units), with no HTTP, no framework and no JSON, at the bench's catalogue
 * sizes. Also the index's load time and the process's RSS after loading it.
 *
 * With C connections kept busy on one process, a request waits for the C - 1 before it, so its
 * latency is about C x the time one request takes: p99 under 50 ms at 50 connections leaves about
 * 1 ms per request for everything.
 *
 *   node --import tsx bench/floor.ts
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/test node --import tsx bench/floor.ts
 *   options: --sizes=1000,100000 --n=50 --name=bench (the catalogues .tmp/<name>, rentique_<name>_<n>)
 *            --cold=4 (MB of other memory read before each timed call: decision 0084)
 *
 * The catalogues are the ones bench/browse.ts builds (built on first use).
 */
import { compose } from '../src/server/compose';
import { loadEnv } from '../src/server/env';
import { createLogger } from '../src/server/logger';
import type { ItemFilters } from '../src/server/features/catalogue/catalogue.repository';
import { prepareDatabase, type BenchDialect } from './lib/databases';
import { printTable } from './lib/table';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const sizes = arg('sizes', '1000,100000').split(',').map(Number);
const n = Number(arg('n', '50'));
const pgBase = process.env.BENCH_DATABASE_URL;
/**
 * With --cold=<MB>, that much other memory is read before each timed call: a served request finds
 * the cache as the HTTP stack and the other requests left it, which is where a request at 100k
 * pays more than at 1k (decision 0084). Without it, calls run warm, one after another.
 */
const coldMb = Math.max(0, Number(arg('cold', '0')) || 0);
const otherMemory = new Float64Array((coldMb * 1024 * 1024) / 8);
let readSum = 0;
/** Reads one value of each 64-byte cache line of `otherMemory`. */
function evictCache(): void {
  for (let i = 0; i < otherMemory.length; i += 8) readSum += otherMemory[i]!;
}
const dialects: BenchDialect[] = pgBase ? ['sqlite', 'postgres'] : ['sqlite'];

/** The bench's searches (bench/browse.ts SEARCH_PATHS). */
const SEARCHES = [
  'black dress',
  'blak dres',
  'wool coat',
  'gucci',
  'leathr',
  'silk',
  'red',
  'trench',
  'trousers',
  'wedding guest',
];
const name = arg('name', 'bench');
const DATES = { from: '2030-03-01', to: '2030-03-08' };

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
    evictCache();
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
      const env = await prepareDatabase(dialect, size, { pgBase, name });
      const { ctx, services } = await compose({
        env: loadEnv({ ...env, LOG_LEVEL: 'warn' }),
        logger: createLogger('warn'),
        seed: false,
      });
      try {
        const { catalogue, searchIndex: index } = services;
        const started = performance.now();
        await index.start();
        const loadMs = performance.now() - started;
        global.gc?.();
        const rssMb = process.memoryUsage().rss / 1e6;
        const row = (work: string, total: number | string, time: number) =>
          rows.push([dialect, size.toLocaleString('en-US'), work, total.toLocaleString('en-US'), ms(time)]);
        row(`index load (${index.stats.items.toLocaleString('en-US')} items), RSS ${rssMb.toFixed(0)} MB`, '', loadMs);
        for (const q of SEARCHES) {
          const facets = await catalogue.facets({ q });
          row(
            `search "${q}": first page of 24`,
            facets.total,
            await p50(() => catalogue.listItems({ q, sort: 'relevance', limit: 24 })),
          );
          row(`search "${q}": facets`, facets.total, await p50(() => catalogue.facets({ q })));
          row(`suggest "${q}"`, '', await p50(() => catalogue.suggest(q)));
        }
        for (const [label, filters] of FACETS) {
          const total = (await catalogue.facets(filters)).total;
          row(
            `browse ${label}: first page`,
            total,
            await p50(() => catalogue.listItems({ ...filters, sort: 'popular', limit: 24 })),
          );
          row(
            `browse ${label}: Recommended, first page`,
            total,
            await p50(() => catalogue.listItems({ ...filters, sort: 'recommended', limit: 24 })),
          );
          row(
            `browse ${label} + dates: first page`,
            '',
            await p50(() => catalogue.listItems({ ...filters, ...DATES, sort: 'price-asc', limit: 24 })),
          );
          row(`facets ${label}`, total, await p50(() => catalogue.facets(filters)));
          row(
            `facets ${label} + dates`,
            (await catalogue.facets({ ...filters, ...DATES })).total,
            await p50(() => catalogue.facets({ ...filters, ...DATES })),
          );
        }
        console.error(`${dialect} ${size} done`);
      } finally {
        await ctx.close();
      }
    }
  }
  console.log(
    `\nThe catalogue service's own work on the in-process index, one call at a time, p50 of ${n} calls, no HTTP` +
      `${coldMb > 0 ? `, ${coldMb} MB of other memory read before each call` : ''}\n`,
  );
  printTable(['database', 'items', 'work', 'matches / total', 'p50 ms'], rows);
  console.log(
    '\nBudget at 50 connections on one process for p99 < 50 ms: about 1 ms per request, for all of its work.',
  );
}

main()
  // readSum is printed so that the reads cannot be left out as unused.
  .then(() => coldMb > 0 && console.error(`(other memory read: ${readSum})`))
  .catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
