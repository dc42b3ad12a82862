import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../domain/errors';
import { AUTH_ROUTES, listApiRoutes, type ApiRoute } from './test/routes';
import { createTestApp, type TestApp, type TestMember } from './test/test-app';
import { setStaffRole } from './features/ops/staff-accounts';

/*
 * Bad input, everywhere: random and hostile path parameters, queries, headers and bodies against
 * every route of the app. No answer may be a 5xx, every 4xx has the error shape, and a refused
 * request changes no row. FUZZ_RUNS sets the runs per route (npm test uses a moderate count).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
// Tables a refused request may legitimately touch: throttling counters and session bookkeeping.
const VOLATILE = new Set([
  'rateLimit',
  'request_limits',
  'session',
  'verification',
  'kysely_migration',
  'kysely_migration_lock',
]);

/** Strings with a NUL character inside (PostgreSQL refuses to store them). */
const withNul = fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })).map(([a, b]) => `${a}\u0000${b}`);
/** Keyset cursors of GET /api/items (base64url JSON [sort, key, id]) holding the wrong types. */
const cursorOf = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const hostileCursor = fc.oneof(
  fc
    .constantFrom(
      ['popular', 'text', 1],
      ['popular', 1e308, 1],
      ['popular', 1, 1e308],
      ['popular', 1, 2 ** 40],
      ['popular', -1.5, 1],
      ['popular', '\u0000', 1],
      ['newest', 5, 1],
      ['newest', 'not a date\u0000', 1],
      ['rating', 'x', 1],
      ['price-asc', 9e18, 1],
      ['price-desc', 1, -1],
    )
    .map(cursorOf),
  fc
    .tuple(
      fc.constantFrom('popular', 'newest', 'price-asc', 'price-desc', 'rating'),
      fc.oneof(fc.string({ maxLength: 12 }), fc.double(), fc.integer(), withNul),
      fc.oneof(fc.integer(), fc.double()),
    )
    .map(cursorOf),
);
const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    "' OR 1=1 --",
    '"; DROP TABLE items; --',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '__proto__',
    'constructor',
    'NaN',
    '-1',
    '0',
    '1e309',
    '9007199254740993',
    '2026-02-30',
    '9999-99-99',
    '',
    ' ',
    '\u0000',
    '😀'.repeat(50),
    'ﬀ\u202e',
  ),
  fc.constant('x'.repeat(5000)),
  withNul,
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 2 ** 53, -(2 ** 31), Number.MAX_SAFE_INTEGER),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor', 'prototype'), withNul),
      tie('value'),
      { maxKeys: 4 },
    ),
  ),
})).value;

function bodyFor(route: ApiRoute): fc.Arbitrary<string | undefined> {
  const known = route.bodyProps.length
    ? fc.record(Object.fromEntries(route.bodyProps.map((p) => [p, hostileValue])), { requiredKeys: [] })
    : fc.constant({});
  return fc.oneof(
    known.map((o) => JSON.stringify(o)),
    hostileValue.map((v) => JSON.stringify(v)),
    fc.constantFrom(
      '{"__proto__": {"isAdmin": true}}',
      '{"constructor": {"prototype": {"x": 1}}}',
      '{',
      'null',
      '[]',
      '"str"',
      'not json at all',
      '',
    ),
    fc.constant(undefined),
  );
}

/**
 * A query: a few of the route's own parameters and junk ones. A parameter with listed values
 * often gets a valid one, so a hostile value next to it reaches the service and the database
 * instead of stopping at the first enum check; a cursor is often one of the hostile cursors.
 */
function queryFor(route: ApiRoute): fc.Arbitrary<Record<string, string | string[]>> {
  const value = (name: string): fc.Arbitrary<string | string[]> => {
    if (name === 'cursor') return fc.oneof(hostileCursor, hostileString);
    const listed = route.queryEnums[name];
    const hostile = fc.oneof(hostileString, fc.array(hostileString, { maxLength: 3 }));
    return listed?.length ? fc.oneof(fc.constantFrom(...listed), fc.constantFrom(...listed), hostile) : hostile;
  };
  const names = route.queryParams.length ? route.queryParams : ['q'];
  const known = fc
    .shuffledSubarray(names, { maxLength: Math.min(3, names.length) })
    .chain((chosen) =>
      chosen.length
        ? fc.tuple(...chosen.map((n) => value(n).map((v) => [n, v] as const)))
        : fc.constant([] as (readonly [string, string | string[]])[]),
    );
  const junk = fc.dictionary(
    fc.oneof(fc.string({ maxLength: 6 }), withNul),
    fc.oneof(hostileString, fc.array(hostileString, { maxLength: 3 })),
    { maxKeys: 2 },
  );
  return fc
    .tuple(known, junk)
    .map(([k, j]) => ({ ...j, ...Object.fromEntries(k) }) as Record<string, string | string[]>);
}

/*
 * The app, the fuzzing member and the routes are made while the file is collected (top-level
 * await), so each route is its own test with its own timeout: one test over every route timed out
 * on a slow CI machine (360 s for 237 routes on PostgreSQL beside the other files), where no route
 * was slow.
 */
const t: TestApp = await createTestApp();
const member: TestMember = await t.signUp({ email: 'fuzz.member@example.com' });
// Staff, so the operations desk's routes (/api/ops) are fuzzed past their role check too.
await setStaffRole(t.ctx.database.db, member.email, 'staff', { kind: 'cli', id: null, email: null });
const routes: ApiRoute[] = [...(await listApiRoutes(t.app)), ...AUTH_ROUTES];
// pg-boss's own schema (its job tables) is the queue's business, like the volatile tables.
const counted: string[] = (await t.ctx.database.db.introspection.getTables())
  .filter((table) => !VOLATILE.has(table.name) && (table.schema === undefined || table.schema === 'public'))
  .map((table) => table.name);
const tried = new Map<string, { requests: number; s2xx: number; s4xx: number; s5xx: number }>();

/**
 * Every table's row count, in one statement (a sub-select a table): refused requests must change
 * none. The tables are listed once, above: listing them per request (information_schema on
 * PostgreSQL) and counting them one query at a time took most of the suite's five minutes there.
 */
async function rowCounts(): Promise<Record<string, number>> {
  const columns = counted.map((name) => sql`(select count(*) from ${sql.table(name)}) as ${sql.id(name)}`);
  const row = await sql<Record<string, number | string>>`select ${sql.join(columns)}`.execute(t.ctx.database.db);
  return Object.fromEntries(counted.map((name) => [name, Number(row.rows[0]?.[name] ?? 0)]));
}

afterAll(async () => {
  const rows = [...tried].map(([route, s]) => `| ${route} | ${s.requests} | ${s.s2xx} | ${s.s4xx} | ${s.s5xx} |`);
  const total = [...tried.values()].reduce((a, s) => ({ requests: a.requests + s.requests, s5xx: a.s5xx + s.s5xx }), {
    requests: 0,
    s5xx: 0,
  });
  console.log(
    [
      '| route | requests | 2xx | 4xx | 5xx |',
      '|---|---:|---:|---:|---:|',
      ...rows,
      `| **all ${tried.size} routes** | **${total.requests}** | | | **${total.s5xx}** |`,
    ].join('\n'),
  );
  await t.close();
});

describe('fuzzing every API route', () => {
  it('covers a non-trivial set of routes, and counts the rows of every table', async () => {
    expect(routes.length).toBeGreaterThan(5);
    expect(counted).toEqual(expect.arrayContaining(['rentals', 'item_units', 'payment_ledger', 'user']));
    const counts = await rowCounts();
    expect(counts.user).toBe(1); // the fuzzing member
    expect(counts.items).toBeGreaterThan(0); // the seeded catalogue
  });

  describe('never answers 5xx, always answers 4xx in the error shape, and refused requests change nothing', () => {
    for (const route of routes) {
      const key = `${route.method.toUpperCase()} ${route.path}`;
      it(key, async () => {
        const stats = { requests: 0, s2xx: 0, s4xx: 0, s5xx: 0 };
        tried.set(key, stats);
        await fc.assert(
          fc.asyncProperty(
            fc.record({
              params: fc.tuple(...route.pathParams.map(() => fc.oneof(hostileString, hostileNumber.map(String)))),
              query: queryFor(route),
              body: route.hasBody ? bodyFor(route) : fc.constant(undefined),
              asMember: fc.boolean(),
              contentType: fc.constantFrom(
                'application/json',
                'application/json',
                'text/plain',
                'application/x-www-form-urlencoded',
                'multipart/form-data; boundary=x',
                'application/json; charset=utf-16',
              ),
              junkCookie: fc.boolean(),
              junkHeader: fc.string({ maxLength: 200 }).map((s) => s.replace(/[^\x20-\x7e]/g, '?')),
            }),
            async (input) => {
              let path = route.path;
              route.pathParams.forEach((name, i) => {
                path = path.replace(`{${name}}`, encodeURIComponent(String(input.params[i] ?? '')) || '%20');
              });
              const qs = new URLSearchParams();
              for (const [k, v] of Object.entries(input.query))
                for (const one of Array.isArray(v) ? v : [v]) qs.append(k, one);
              const url = qs.size ? `${path}?${qs}` : path;
              const headers: Record<string, string> = {};
              if (input.body !== undefined) headers['content-type'] = input.contentType;
              if (input.junkCookie) headers.cookie = 'better-auth.session_token=forged.value; other=1';
              headers['accept-language'] = input.junkHeader;
              const before = await rowCounts();
              const init = {
                method: route.method.toUpperCase(),
                headers,
                ...(input.body !== undefined ? { body: input.body } : {}),
              };
              // Never sign the fuzzing member out: the rest of the run needs the session.
              const asMember = input.asMember && !input.junkCookie && route.path !== '/api/auth/sign-out';
              const res = asMember ? await member.request(url, init) : await t.request(url, init);
              stats.requests += 1;
              const text = await res.text();
              if (res.status >= 500) {
                stats.s5xx += 1;
                throw new Error(
                  `${key} -> ${res.status} for ${url} ${input.body?.slice(0, 200) ?? ''}: ${text.slice(0, 300)}`,
                );
              }
              if (res.status >= 400) {
                stats.s4xx += 1;
                const parsed = ApiErrorSchema.safeParse(JSON.parse(text));
                expect(parsed.success, `${key} ${res.status} body not in the error shape: ${text.slice(0, 200)}`).toBe(
                  true,
                );
                expect(await rowCounts(), `${key} ${res.status} changed rows`).toEqual(before);
              } else {
                stats.s2xx += 1;
              }
            },
          ),
          { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
        );
      });
    }
  });
});
