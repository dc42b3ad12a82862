/**
 * Crash safety (npm run test:crash): starts the real server on SQLite with a temp DATA_DIR, signs
 * members up, fires concurrent bookings, likes (match swipes), listings (multipart with photos)
 * and RSVPs, kills the server with SIGKILL mid-stream, restarts it on the same DATA_DIR, and
 * checks that every write acknowledged with a 2xx is still there and that no invariant broke.
 * Repeats for CRASH_ROUNDS rounds. Exits 1 on a lost write, a broken invariant or a 5xx.
 *
 * Knobs: CRASH_ROUNDS (2), CRASH_MEMBERS (12), CRASH_WORKERS per member (3),
 * CRASH_KILL_AFTER_MS (1500), CRASH_MAX_OPS per round (2000), CRASH_PAYMENT_DELAY_MS (150: each
 * payment operation's time, so kills land mid-payment), CRASH_KEEP=1 keeps the data dir.
 * Bookings are paid (members have a card): after the last restart the payments recovery runs
 * in-process and the payments invariants are checked (decisions 0029, 0030).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { compose } from '../src/server/compose';
import { loadEnv } from '../src/server/env';
import { createLogger } from '../src/server/logger';
import { TEST_CARD, TEST_DELIVERY_ADDRESS } from '../src/server/test/renter';
import { randomPort, spawnServer, type SpawnedServer } from '../src/server/test/spawn-server';
import { crashInvariants } from './crash-test-invariants';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 2);
const MEMBERS = Number(process.env.CRASH_MEMBERS ?? 12);
const WORKERS = Number(process.env.CRASH_WORKERS ?? 3);
const KILL_AFTER_MS = Number(process.env.CRASH_KILL_AFTER_MS ?? 1500);
const MAX_OPS = Number(process.env.CRASH_MAX_OPS ?? 2000);
const PHOTOS_PER_LISTING = 2;

type Kind = 'booking' | 'like' | 'listing' | 'rsvp';
const KINDS: Kind[] = ['booking', 'like', 'listing', 'rsvp'];

interface Member {
  email: string;
  cookie: string;
  index: number;
}
interface Stats {
  tried: number;
  acked: number;
  refused: number;
  s5xx: number;
  noAnswer: number;
}
/** Acknowledged writes, by kind: keys that must be found after the restart. */
const acked: Record<Kind, { member: number; key: number; expect?: number }[]> = {
  booking: [],
  like: [],
  listing: [],
  rsvp: [],
};
const stats: Record<Kind, Stats> = Object.fromEntries(
  KINDS.map((k) => [k, { tried: 0, acked: 0, refused: 0, s5xx: 0, noAnswer: 0 }]),
) as Record<Kind, Stats>;
const serverErrors: string[] = [];
/** Why writes were refused (error codes), by kind. */
const refusals: Record<Kind, Record<string, number>> = { booking: {}, like: {}, listing: {}, rsvp: {} };

const dataDir = mkdtempSync(path.join(tmpdir(), 'rentique-crash-'));
const port = randomPort();
const env = {
  DATA_DIR: dataDir,
  BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
  SIGN_IN_RATE_LIMIT: '100000',
  SIGN_UP_RATE_LIMIT: '100000',
  // Long enough that kills land between a booking's charge and its confirmation.
  PAYMENT_DELAY_MS: process.env.CRASH_PAYMENT_DELAY_MS ?? '150',
  RENTAL_CHARGE_RATE_LIMIT: '100000',
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
};

/** One entry per member and key (liking an item twice is one favorite). */
const unique = <T extends { member: number; key: number }>(xs: T[]): T[] => [
  ...new Map(xs.map((x) => [`${x.member}:${x.key}`, x])).values(),
];

const rand = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function start(): Promise<SpawnedServer> {
  return spawnServer(env, port);
}

function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function call(
  server: SpawnedServer,
  member: Member | null,
  pathname: string,
  init: { method?: string; json?: unknown; form?: FormData } = {},
): Promise<Response> {
  const headers: Record<string, string> = { origin: server.url };
  if (member) headers.cookie = member.cookie;
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) body = init.form;
  return fetch(`${server.url}${pathname}`, { method: init.method ?? 'GET', headers, ...(body ? { body } : {}) });
}

async function main() {
  const t0 = Date.now();
  console.log(
    `crash test: DATA_DIR=${dataDir} port=${port} rounds=${ROUNDS} members=${MEMBERS} workers/member=${WORKERS} kill after ${KILL_AFTER_MS} ms`,
  );
  let server = await start();

  const members: Member[] = await Promise.all(
    Array.from({ length: MEMBERS }, async (_, index) => {
      const email = `crash${index}.${randomBytes(3).toString('hex')}@example.com`;
      const res = await call(server, null, '/api/auth/sign-up/email', {
        method: 'POST',
        json: {
          email,
          password: 'correct horse battery',
          name: `Crash ${index}`,
          fullName: `Crash Member ${index}`,
          gender: index % 2 ? 'male' : 'female',
        },
      });
      if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
      const member = { email, cookie: cookieOf(res), index };
      // Pay-per-item bookings take payment (decision 0030): a card, a delivery address, delivery chosen.
      for (const [route, json] of [
        ['/api/plans/payment-method', TEST_CARD],
        ['/api/orders/delivery-address', TEST_DELIVERY_ADDRESS],
        ['/api/plans/pickup', { option: 'online' }],
      ] as const) {
        const put = await call(server, member, route, { method: 'PUT', json });
        if (!put.ok) throw new Error(`${route} failed: ${put.status} ${await put.text()}`);
      }
      return member;
    }),
  );

  // A few pieces for everyone to fight over (1 to 3 units per size), and the events.
  const list = (await (await call(server, null, '/api/items?limit=48&sort=newest')).json()) as {
    items: { id: number }[];
  };
  const pieces = await Promise.all(
    list.items.slice(0, 6).map(async ({ id }) => {
      const item = (await (await call(server, null, `/api/items/${id}`)).json()) as { id: number; sizes: string[] };
      return { id: item.id, sizes: item.sizes.slice(0, 2) };
    }),
  );
  const likeable = list.items.map((i) => i.id);
  const events = ((await (await call(server, null, '/api/events')).json()) as { events: { id: number }[] }).events.map(
    (e) => e.id,
  );
  const png = await sharp({ create: { width: 64, height: 80, channels: 3, background: { r: 176, g: 141, b: 87 } } })
    .png()
    .toBuffer();
  let listingNo = 0;

  for (let round = 1; round <= ROUNDS; round += 1) {
    let stop = false;
    let ops = 0;
    let inFlight = 0;
    let inFlightAtKill = 0;

    const one = async (member: Member): Promise<void> => {
      const kind: Kind = rand(['booking', 'booking', 'booking', 'like', 'like', 'listing', 'rsvp', 'rsvp'] as const);
      const s = stats[kind];
      let req: Promise<Response>;
      let key = 0;
      let expectN: number | undefined;
      if (kind === 'booking') {
        const p = rand(pieces);
        key = p.id;
        const start = Math.floor(Math.random() * 14);
        req = call(server, member, '/api/rentals', {
          method: 'POST',
          json: {
            itemId: p.id,
            size: rand(p.sizes),
            startDate: day(start),
            endDate: day(start + 2 + Math.floor(Math.random() * 8)),
          },
        });
      } else if (kind === 'like') {
        key = rand(likeable);
        req = call(server, member, '/api/match/swipes', { method: 'POST', json: { itemId: key, action: 'like' } });
      } else if (kind === 'listing') {
        listingNo += 1;
        const form = new FormData();
        form.set(
          'data',
          JSON.stringify({
            name: `Crash Dress ${member.index}-${listingNo}`,
            brand: 'Crash Atelier',
            category: 'Dresses',
            gender: 'Women',
            sizes: ['S', 'M'],
            description: 'Written while the server was about to be killed.',
            retailPriceCents: 30_000,
            rentalPriceCents: 2_500,
            handover: 'drop-off',
          }),
        );
        for (let i = 0; i < PHOTOS_PER_LISTING; i += 1)
          form.append('photos', new File([new Uint8Array(png)], `p${i}.png`, { type: 'image/png' }));
        expectN = PHOTOS_PER_LISTING;
        req = call(server, member, '/api/listings', { method: 'POST', form });
      } else {
        key = rand(events);
        req = call(server, member, `/api/events/${key}/rsvp`, { method: 'POST' });
      }
      s.tried += 1;
      inFlight += 1;
      try {
        const res = await req;
        const text = await res.text();
        if (res.status >= 500) {
          s.s5xx += 1;
          serverErrors.push(`${kind} -> ${res.status}: ${text.slice(0, 200)}`);
        } else if (res.status >= 400) {
          s.refused += 1;
          const code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? String(res.status);
          refusals[kind][code] = (refusals[kind][code] ?? 0) + 1;
        } else {
          s.acked += 1;
          const body = JSON.parse(text) as { id?: number; itemId?: number };
          if (kind === 'booking' || kind === 'listing') key = body.id!;
          acked[kind].push({ member: member.index, key, ...(expectN !== undefined ? { expect: expectN } : {}) });
        }
      } catch {
        s.noAnswer += 1; // the server died with this request in flight
      } finally {
        inFlight -= 1;
      }
    };

    const worker = async (member: Member) => {
      while (!stop && ops < MAX_OPS) {
        ops += 1;
        await one(member);
      }
    };
    const running = members.flatMap((m) => Array.from({ length: WORKERS }, () => worker(m)));
    await new Promise((r) => setTimeout(r, KILL_AFTER_MS * (0.75 + Math.random() * 0.5)));
    inFlightAtKill = inFlight;
    await server.stop('SIGKILL');
    stop = true;
    await Promise.all(running);
    console.log(`round ${round}: ${ops} requests fired, SIGKILL with ${inFlightAtKill} in flight`);
    server = await start();
  }

  // Every acknowledged write, looked up through the API after the last restart.
  const found: Record<Kind, number> = { booking: 0, like: 0, listing: 0, rsvp: 0 };
  const foundTotal: Record<Kind, number> = { booking: 0, like: 0, listing: 0, rsvp: 0 };
  const missing: string[] = [];
  for (const m of members) {
    const rentals = new Set(
      ((await (await call(server, m, '/api/rentals?status=all')).json()) as { rentals: { id: number }[] }).rentals.map(
        (r) => r.id,
      ),
    );
    const favs = new Set(
      ((await (await call(server, m, '/api/favorites')).json()) as { items: { itemId: number }[] }).items.map(
        (f) => f.itemId,
      ),
    );
    const listings = new Map(
      (
        (await (await call(server, m, '/api/listings')).json()) as { listings: { id: number; photos: unknown[] }[] }
      ).listings.map((l) => [l.id, l.photos.length]),
    );
    const reserved = new Set(
      ((await (await call(server, m, '/api/events')).json()) as { events: { id: number; reserved: boolean }[] }).events
        .filter((e) => e.reserved)
        .map((e) => e.id),
    );
    foundTotal.booking += rentals.size;
    foundTotal.like += favs.size;
    foundTotal.listing += listings.size;
    foundTotal.rsvp += reserved.size;
    const present: Record<Kind, (key: number, expect?: number) => boolean> = {
      booking: (key) => rentals.has(key),
      like: (key) => favs.has(key),
      listing: (key, expect) => listings.get(key) === expect,
      rsvp: (key) => reserved.has(key),
    };
    for (const k of KINDS) {
      for (const a of unique(acked[k].filter((x) => x.member === m.index))) {
        if (present[k](a.key, a.expect)) found[k] += 1;
        else
          missing.push(
            `${k} ${a.key} of member ${m.index}${k === 'listing' ? ` (photos: ${listings.get(a.key) ?? 'none'})` : ''}`,
          );
      }
    }
  }
  await server.stop('SIGTERM');

  // Payments left between their steps by a kill: the periodic recovery would take them over two
  // minutes on; here it runs at once, in-process on the same data (decision 0029).
  const pendingBefore = await (async () => {
    const d = new SQLite(path.join(dataDir, 'rentique.sqlite'), { readonly: true });
    const c = Number(
      (d.prepare(`select count(*) n from payment_ledger where settled_at is null`).get() as { n: number }).n,
    );
    d.close();
    return c;
  })();
  const recovering = await compose({
    env: loadEnv({ ...env, LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv),
    logger: createLogger('silent'),
    seed: false,
  });
  const recovered = await recovering.services.payments.recover({ olderThanMs: 0 });
  await recovering.ctx.close();
  console.log(
    `payments left unsettled by the kills: ${pendingBefore}; recovered ${recovered.settled}, still without an answer ${recovered.pending}`,
  );

  // Invariants, straight from the database file.
  const invariants = crashInvariants(
    dataDir,
    KINDS.reduce((a, k) => a + stats[k].s5xx, 0),
  );

  console.log(
    '\n| kind | tried | acknowledged 2xx | refused 4xx | 5xx | no answer (killed) | acknowledged found after restart | rows found in all |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const k of KINDS) {
    const s = stats[k];
    const ackN = unique(acked[k]).length;
    console.log(
      `| ${k} | ${s.tried} | ${ackN} | ${s.refused} | ${s.s5xx} | ${s.noAnswer} | ${found[k]} / ${ackN} | ${foundTotal[k]} |`,
    );
  }
  console.log(`refusals: ${KINDS.map((k) => `${k} ${JSON.stringify(refusals[k])}`).join('; ')}`);
  console.log('\n| invariant | ok |');
  console.log('|---|---|');
  for (const [name, ok, detail] of invariants) console.log(`| ${name} | ${ok ? 'ok' : `FAIL (${detail})`} |`);
  for (const e of serverErrors.slice(0, 10)) console.log(`5xx: ${e}`);
  for (const m of missing.slice(0, 20)) console.log(`lost: ${m}`);

  const failed = missing.length > 0 || invariants.some(([, ok]) => !ok) || KINDS.every((k) => acked[k].length === 0);
  console.log(
    `\n${failed ? 'FAILED' : 'ok'}: ${missing.length} acknowledged writes lost, ${invariants.filter(([, ok]) => !ok).length} invariants broken (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
  );
  if (!process.env.CRASH_KEEP) rmSync(dataDir, { recursive: true, force: true });
  process.exit(failed ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(err);
  if (!process.env.CRASH_KEEP) rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
});
