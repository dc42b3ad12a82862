/**
 * The catalogue's per-request cost, one request at a time, in process: `compose()` and
 * `app.request()`, no sockets, no concurrency. Each kind of query is asked N times with N
 * distinct URLs (filters and sorts cycled, alone and combined; facet filter sets made distinct
 * too, so no cache could answer them), after a short warm-up, and p50/p99 are printed.
 * Unlike the 50-connection bench (bench/browse.ts) this stays meaningful on a busy machine: it
 * measures the work of one request, not the machine's spare capacity.
 *
 *   node --import tsx bench/queries.ts                                   # SQLite, 1k and 100k items
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/test node --import tsx bench/queries.ts
 *   options: --sizes=1000,100000 --n=200 --kinds=browse,search --name=bench --dialects=sqlite,postgres
 *   (decision 0019's "Measured after tuning" used --name=perf: its own catalogues, seeded the same way)
 *
 * Databases are the ones bench/browse.ts builds (.tmp/<name>/sqlite-<n>, rentique_<name>_<n>),
 * built on first use and reused.
 */
import { compose } from '../src/server/compose';
import { loadEnv } from '../src/server/env';
import { createLogger } from '../src/server/logger';
import { prepareDatabase, type BenchDialect } from './lib/databases';
import { printTable } from './lib/table';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const sizes = arg('sizes', '1000,100000').split(',').map(Number);
const n = Number(arg('n', '200'));
const name = arg('name', 'bench');
const pgBase = process.env.BENCH_DATABASE_URL;
const dialects = arg('dialects', pgBase ? 'sqlite,postgres' : 'sqlite').split(',') as BenchDialect[];

/** Every filter the browse page offers, alone and combined (tabs: Women, Men, Discovery, a theme). */
const FILTERS = [
  'gender=Women',
  'gender=Men',
  'discovery=true',
  'theme=summer-party',
  'gender=Women&category=Dresses',
  'gender=Men&category=Jackets',
  'category=Shoes',
  'gender=Women&size=M',
  'gender=Men&size=44',
  'gender=Men&brand=Gucci',
  'brand=Zara',
  'gender=Women&colour=black',
  'gender=Women&occasion=party',
  'gender=Women&minPrice=1000&maxPrice=2000',
  'gender=Men&maxPrice=1200',
  'gender=Women&category=Dresses&size=S&colour=red',
  'gender=Women&colour=black&occasion=party&minPrice=1000',
  'gender=Men&brand=Prada&size=L&maxPrice=1500',
  'discovery=true&size=M&occasion=work',
  'gender=Women&category=Tops&brand=Ganni&colour=white',
];
const SORTS = ['popular', 'newest', 'price-asc', 'price-desc', 'rating'];
const WORDS = [
  'black dress',
  'blak dres',
  'wool coat',
  'gucci',
  'leathr',
  'silk',
  'red',
  'trench',
  'linen shirt',
  'boots',
  'maxi',
  'blazer',
  'navy suit',
  'sneakrs',
];
const SEARCH_EXTRAS = [
  '',
  '&gender=Women',
  '&sort=price-asc',
  '&category=Jackets',
  '&gender=Women&size=M',
  '&sort=rating',
  '&occasion=work',
  '&gender=Men&colour=black',
];
const TYPED = [
  'bl',
  'bla',
  'blak',
  'blak d',
  'blak dr',
  'gucc',
  'wool',
  'wool co',
  'sil',
  'silk s',
  'trenc',
  'leat',
  'leathr b',
  'mid',
  'midi sk',
  'nav',
];

/** A 7-day range starting 1-60 days after 2026-11-24 (the seeded bookings fall in those weeks). */
function dates(i: number): string {
  const start = new Date(Date.UTC(2026, 10, 24 + ((i * 7) % 60)));
  const end = new Date(start.getTime() + 7 * 86_400_000);
  return `&from=${start.toISOString().slice(0, 10)}&to=${end.toISOString().slice(0, 10)}`;
}

/** A filter set and sort for request i: every filter with every sort before any repeats. */
const browse = (i: number) =>
  `${FILTERS[i % FILTERS.length]}&sort=${SORTS[Math.floor(i / FILTERS.length) % SORTS.length]}`;
/** A new facet key per request: an upper price bound that keeps every item (prices are below 100,000 cents), or the set's own bound moved up by i cents. */
const unique = (f: string, i: number) =>
  f.includes('maxPrice')
    ? f.replace(/maxPrice=(\d+)/, (_, m: string) => `maxPrice=${Number(m) + i}`)
    : `${f}&maxPrice=${100_000 + i}`;

const KINDS = {
  browse: (i: number) => `/api/items?${browse(i)}&limit=24&_=${i}`,
  'browse+dates': (i: number) => `/api/items?${browse(i)}&limit=24${dates(i)}&_=${i}`,
  facets: (i: number) => `/api/items/facets?${unique(FILTERS[i % FILTERS.length]!, i)}`,
  'facets+dates': (i: number) => `/api/items/facets?${FILTERS[i % FILTERS.length]}${dates(i)}&_=${i}`,
  search: (i: number) =>
    `/api/items?q=${encodeURIComponent(WORDS[i % WORDS.length]!)}${SEARCH_EXTRAS[Math.floor(i / WORDS.length) % SEARCH_EXTRAS.length]}&limit=24&_=${i}`,
  'search+dates': (i: number) =>
    `/api/items?q=${encodeURIComponent(WORDS[i % WORDS.length]!)}${SEARCH_EXTRAS[Math.floor(i / WORDS.length) % SEARCH_EXTRAS.length]}&limit=24${dates(i)}&_=${i}`,
  'search facets': (i: number) =>
    `/api/items/facets?q=${encodeURIComponent(WORDS[i % WORDS.length]!)}${SEARCH_EXTRAS[Math.floor(i / WORDS.length) % SEARCH_EXTRAS.length]!.replace(/&sort=[a-z-]+/, '')}&maxPrice=${100_000 + i}`,
  suggest: (i: number) => `/api/search/suggest?q=${encodeURIComponent(TYPED[i % TYPED.length]!)}&_=${i}`,
} satisfies Record<string, (i: number) => string>;
type Kind = keyof typeof KINDS;
const kinds = arg('kinds', Object.keys(KINDS).join(',')).split(',') as Kind[];

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));

async function main() {
  const rows: (string | number)[][] = [];
  for (const dialect of dialects) {
    for (const size of sizes) {
      const env = await prepareDatabase(dialect, size, { name, pgBase });
      const { ctx, app } = await compose({
        env: loadEnv({ ...env, LOG_LEVEL: 'warn' }),
        logger: createLogger('warn'),
        seed: false,
      });
      try {
        for (const kind of kinds) {
          const url = KINDS[kind];
          // Warm-up: a few requests of another range of i (prepared statements, page cache, JIT).
          for (let i = 0; i < 10; i++) await (await app.request(url(100_000 + i))).arrayBuffer();
          const times: number[] = [];
          for (let i = 0; i < n; i++) {
            const started = performance.now();
            const res = await app.request(url(i));
            await res.arrayBuffer();
            times.push(performance.now() - started);
            if (res.status !== 200) throw new Error(`${url(i)} answered ${res.status}`);
          }
          times.sort((a, b) => a - b);
          rows.push([
            dialect,
            size.toLocaleString('en-US'),
            kind,
            ms(pct(times, 50)),
            ms(pct(times, 99)),
            ms(times[times.length - 1]!),
          ]);
          console.error(rows[rows.length - 1]!.join(' '));
        }
      } finally {
        await ctx.close();
      }
    }
  }
  console.log(
    `\nOne request at a time, in process (app.request), ${n} distinct URLs per kind after 10 warm-up requests\n`,
  );
  printTable(['database', 'items', 'query', 'p50 ms', 'p99 ms', 'max ms'], rows);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
