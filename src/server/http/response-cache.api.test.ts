import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemPage } from '../../domain/catalogue';
import { createTestApp, type TestApp } from '../test/test-app';
import { createNodeListener, createResponseCache, type ResponseCache } from './response-cache';

/** The node-level micro-cache on a real node:http server over a real app and database. */

const TTL = 1000;
let t: TestApp;
let cache: ResponseCache;
let server: http.Server;
let port: number;
let clock = 0;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  // One capturing logger for Hono's requestLogger and the fast path alike.
  const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) });
  t = await createTestApp({ logger });
  // createTestApp turns the route's own list cache off (browseCacheMs 0): every miss reads the database.
  cache = createResponseCache({ ttlMs: TTL, now: () => clock });
  server = http.createServer(createNodeListener(t.app, { cache, logger: t.ctx.logger }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

interface Raw {
  status: number;
  /** [name, value] in the order they came on the wire. */
  headers: [string, string][];
  body: Buffer;
}

/** A request over a real socket, bytes as sent (no decompression, no header folding). */
function raw(path: string, opts: { method?: string; headers?: Record<string, string> } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: opts.method ?? 'GET', headers: opts.headers ?? {}, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) headers.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const header = (r: Raw, name: string) => r.headers.find(([k]) => k.toLowerCase() === name)?.[1];
/** The headers with the two values that differ per response blanked out. */
const comparable = (r: Raw) => r.headers.map(([k, v]) => [k, /^(x-request-id|date)$/i.test(k) ? '*' : v]);
const page = (r: Raw) => JSON.parse((header(r, 'content-encoding') === 'gzip' ? gunzipSync(r.body) : r.body).toString()) as ItemPage;

/** Renames the first item of a page in the database, so a recomputed answer differs from a repeated one. */
async function renameFirst(r: Raw, name: string): Promise<number> {
  const id = page(r).items[0]!.id;
  await t.ctx.database.db.updateTable('items').set({ name }).where('id', '=', id).execute();
  return id;
}

describe(`response micro-cache (${process.env.TEST_DIALECT})`, () => {
  it('stores a browse page on its second request within the TTL, not on its first', async () => {
    const url = '/api/items?gender=Women&sort=price-desc&limit=3';
    const before = cache.stats();
    await raw(url);
    expect(cache.stats().stores).toBe(before.stores);
    await raw(url);
    expect(cache.stats()).toMatchObject({ stores: before.stores + 1, hits: before.hits });
  });

  it('answers a repeated browse request from the fast path: same body, same headers but x-request-id and date', async () => {
    const url = '/api/items?gender=Women&sort=popular&limit=5';
    const before = cache.stats();
    await raw(url);
    const filled = await raw(url);
    expect(filled.status).toBe(200);
    expect(cache.stats()).toMatchObject({ stores: before.stores + 1, hits: before.hits });
    const id = await renameFirst(filled, 'Renamed after the first answers');

    const hit = await raw(url);
    expect(cache.stats().hits).toBe(before.hits + 1);
    expect(hit.status).toBe(200);
    // Repeated, not recomputed: the rename is not in it ...
    expect(hit.body.equals(filled.body)).toBe(true);
    // ... though the app in-process (no node server, no cache) sees it at once.
    const fresh = (await (await t.request(url)).json()) as ItemPage;
    expect(fresh.items.find((i) => i.id === id)?.name).toBe('Renamed after the first answers');
    expect(cache.stats().hits).toBe(before.hits + 1);

    expect(comparable(hit)).toEqual(comparable(filled));
    expect(header(hit, 'x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(header(hit, 'x-request-id')).not.toBe(header(filled, 'x-request-id'));
    expect(header(hit, 'content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(header(hit, 'content-type')).toBe('application/json');
    expect(Number(header(hit, 'content-length'))).toBe(hit.body.length);
  });

  it('keeps a valid incoming x-request-id on a hit and replaces an invalid one, as the requestId middleware does', async () => {
    const url = '/api/items?gender=Men&limit=3';
    await raw(url);
    await raw(url);
    const hits = cache.stats().hits;
    const kept = await raw(url, { headers: { 'x-request-id': 'trace-42_a=' } });
    const replaced = await raw(url, { headers: { 'x-request-id': 'not valid!' } });
    expect(cache.stats().hits).toBe(hits + 2);
    expect(header(kept, 'x-request-id')).toBe('trace-42_a=');
    expect(header(replaced, 'x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs a hit with the same line requestLogger writes for the request', async () => {
    const url = '/api/items?category=Dresses&limit=2';
    await raw(url);
    logLines.length = 0;
    const miss = await raw(url);
    const hit = await raw(url);
    const lines = logLines.filter((l) => l.msg === 'request');
    expect(lines).toHaveLength(2);
    const [slow, fast] = lines as [Record<string, unknown>, Record<string, unknown>];
    expect(slow).toMatchObject({ level: 30, requestId: header(miss, 'x-request-id'), method: 'GET', path: '/api/items', status: 200 });
    expect(fast).toMatchObject({ level: 30, requestId: header(hit, 'x-request-id'), method: 'GET', path: '/api/items', status: 200 });
    expect(Object.keys(fast).sort()).toEqual(Object.keys(slow).sort());
  });

  it('never fast-paths a query with from/to dates: each answer is computed', async () => {
    const url = '/api/items?from=2027-03-01&to=2027-03-08&sort=price-asc&limit=4';
    const before = cache.stats();
    const first = await raw(url);
    expect(first.status).toBe(200);
    await raw(url);
    await renameFirst(first, 'Renamed between dated requests');
    const third = await raw(url);
    expect(page(third).items[0]!.name).toBe('Renamed between dated requests');
    expect(cache.stats()).toMatchObject({ hits: before.hits, stores: before.stores });
  });

  it('computes a fresh answer once the TTL has passed', async () => {
    const url = '/api/items?gender=Women&sort=rating&limit=4';
    await raw(url);
    const first = await raw(url);
    await renameFirst(first, 'Renamed before the TTL ran out');
    clock += TTL - 1;
    const stillCached = await raw(url);
    expect(stillCached.body.equals(first.body)).toBe(true);
    clock += 1;
    const hits = cache.stats().hits;
    const recomputed = await raw(url);
    expect(cache.stats().hits).toBe(hits);
    expect(page(recomputed).items[0]!.name).toBe('Renamed before the TTL ran out');
    // ... and that answer is stored at once (the URL is popular) and repeated from now on.
    const again = await raw(url);
    expect(cache.stats().hits).toBe(hits + 1);
    expect(again.body.equals(recomputed.body)).toBe(true);
  });

  it('never answers a POST, a HEAD, a member request or an unmarked route from the cache, and stores no unmarked answer', async () => {
    const url = '/api/items?gender=Men&sort=price-asc&limit=6';
    await raw(url);
    const cached = await raw(url);
    expect(cached.status).toBe(200);
    const before = cache.stats();

    const post = await raw(url, { method: 'POST', headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' } });
    expect(post.status).not.toBe(200);
    expect(post.body.equals(cached.body)).toBe(false);
    const head = await raw(url, { method: 'HEAD' });
    expect(head.body.length).toBe(0);
    const member = await raw(url, { headers: { cookie: 'better-auth.session_token=not-a-session' } });
    expect(member.status).toBe(200);

    for (const path of ['/api/items/brands', '/api/health', '/api/items/facets?gender=Women', '/api/no-such-route']) {
      await raw(path);
      await raw(path);
    }
    expect(cache.stats()).toMatchObject({ hits: before.hits, stores: before.stores });
  });

  it('keeps separate entries for gzip and identity clients', async () => {
    const url = '/api/items?gender=Women&size=M&limit=12';
    const before = cache.stats();
    await raw(url);
    const plain = await raw(url);
    await raw(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gz = await raw(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(cache.stats().stores).toBe(before.stores + 2);
    expect(header(plain, 'content-encoding')).toBeUndefined();
    expect(header(gz, 'content-encoding')).toBe('gzip');
    expect(header(gz, 'vary')).toBe('accept-encoding');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);

    const plainHit = await raw(url, { headers: { 'accept-encoding': 'identity' } });
    const gzHit = await raw(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(cache.stats().hits).toBe(before.hits + 2);
    expect(plainHit.body.equals(plain.body)).toBe(true);
    expect(comparable(plainHit)).toEqual(comparable(plain));
    expect(gzHit.body.equals(gz.body)).toBe(true);
    expect(comparable(gzHit)).toEqual(comparable(gz));
  });
});
