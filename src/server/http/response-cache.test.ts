import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, createResponseCache, requestIdFor } from './response-cache';

const get = (url: string, headers: Record<string, string> = {}) => ({ method: 'GET', url, headers }) as unknown as IncomingMessage;
const answer = (extra: [string, string][] = []) =>
  new Headers([['content-type', 'application/json'], ['x-request-id', 'slow-path-id'], ...extra]);

describe('response cache bounds and rules', () => {
  it('holds at most maxEntries, dropping the oldest stored first', () => {
    const cache = createResponseCache({ ttlMs: 1000, minUses: 1, maxEntries: 2, now: () => 0 });
    for (const url of ['/a', '/b', '/c']) cache.store(get(url), 200, answer(), { body: `{"url":"${url}"}` });
    expect(cache.stats().entries).toBe(2);
    expect(cache.lookup(get('/a'))).toBeUndefined();
    expect(cache.lookup(get('/b'))?.body.toString()).toBe('{"url":"/b"}');
    expect(cache.lookup(get('/c'))).toBeDefined();
  });

  it('holds at most maxBytes and never stores a body larger than that', () => {
    const cache = createResponseCache({ ttlMs: 1000, minUses: 1, maxBytes: 2000, now: () => 0 });
    cache.store(get('/big'), 200, answer(), { body: 'x'.repeat(5000) });
    expect(cache.stats().entries).toBe(0);
    for (const url of ['/1', '/2', '/3']) cache.store(get(url), 200, answer(), { body: 'y'.repeat(800) });
    expect(cache.stats().entries).toBe(2);
    expect(cache.stats().bytes).toBeLessThanOrEqual(2000);
    expect(cache.lookup(get('/1'))).toBeUndefined();
  });

  it('expires an entry ttl after it was stored, less the age of the data the route had', () => {
    let now = 0;
    const cache = createResponseCache({ ttlMs: 1000, minUses: 1, now: () => now });
    cache.store(get('/fresh'), 200, answer(), { body: '{}' });
    cache.store(get('/aged'), 200, answer(), { body: '{}', ageMs: 600 });
    cache.store(get('/too-old'), 200, answer(), { body: '{}', ageMs: 1000 });
    expect(cache.lookup(get('/too-old'))).toBeUndefined();
    now = 399;
    expect(cache.lookup(get('/aged'))).toBeDefined();
    now = 400;
    expect(cache.lookup(get('/aged'))).toBeUndefined();
    expect(cache.lookup(get('/fresh'))).toBeDefined();
    now = 1000;
    expect(cache.lookup(get('/fresh'))).toBeUndefined();
    expect(cache.stats().entries).toBe(0);
  });

  it('keys on the exact URL and the gzip choice', () => {
    const cache = createResponseCache({ ttlMs: 1000, minUses: 1, now: () => 0 });
    cache.store(get('/x?a=1&b=2', { 'accept-encoding': 'gzip' }), 200, answer([['content-encoding', 'gzip']]), { body: 'gz' });
    expect(cache.lookup(get('/x?a=1&b=2'))).toBeUndefined();
    expect(cache.lookup(get('/x?b=2&a=1', { 'accept-encoding': 'gzip' }))).toBeUndefined();
    expect(cache.lookup(get('/x?a=1&b=2', { 'accept-encoding': 'br, gzip' }))?.body.toString()).toBe('gz');
  });

  it('stores nothing with a cookie, without a request id, or when off', () => {
    const cache = createResponseCache({ ttlMs: 1000, minUses: 1, now: () => 0 });
    cache.store(get('/cookie'), 200, answer([['set-cookie', 'a=b']]), { body: '{}' });
    cache.store(get('/no-id'), 200, new Headers({ 'content-type': 'application/json' }), { body: '{}' });
    expect(cache.stats().entries).toBe(0);
    const off = createResponseCache({ ttlMs: 0 });
    expect(off.enabled).toBe(false);
    off.store(get('/a'), 200, answer(), { body: '{}' });
    expect(off.stats().entries).toBe(0);
  });

  it('by default stores a URL on its second answer within the TTL, and refills an expired entry at once', () => {
    let now = 0;
    const cache = createResponseCache({ ttlMs: 1000, now: () => now });
    cache.store(get('/once'), 200, answer(), { body: '1' });
    expect(cache.lookup(get('/once'))).toBeUndefined();
    now = 999;
    cache.store(get('/once'), 200, answer(), { body: '2' });
    expect(cache.lookup(get('/once'))?.body.toString()).toBe('2');
    // Two answers further apart than the TTL are two one-off requests.
    cache.store(get('/rare'), 200, answer(), { body: 'a' });
    now = 2000;
    cache.store(get('/rare'), 200, answer(), { body: 'b' });
    expect(cache.lookup(get('/rare'))).toBeUndefined();
    // An expired entry was popular: the next answer replaces it without waiting for a second one.
    now = 2500;
    expect(cache.lookup(get('/once'))).toBeUndefined();
    cache.store(get('/once'), 200, answer(), { body: '3' });
    expect(cache.lookup(get('/once'))?.body.toString()).toBe('3');
    // The gzip entry of the same URL counts on its own.
    cache.store(get('/once', { 'accept-encoding': 'gzip' }), 200, answer(), { body: 'gz' });
    expect(cache.lookup(get('/once', { 'accept-encoding': 'gzip' }))).toBeUndefined();
  });

  it('writes the headers as the slow path does: x-request-id in its place, Content-Length last', () => {
    const cache = createResponseCache({ ttlMs: 1000, minUses: 1, now: () => 0 });
    cache.store(get('/h'), 200, answer([['vary', 'accept-encoding']]), { body: 'héllo' });
    const entry = cache.lookup(get('/h'))!;
    expect(entry.head).toEqual(['content-type', 'application/json', 'vary', 'accept-encoding', 'x-request-id', 'slow-path-id', 'Content-Length', '6']);
    expect(entry.head[entry.idAt - 1]).toBe('x-request-id');
  });

  it('reads gzip and request ids like the route and the requestId middleware', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1, x-gzipped')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(requestIdFor('abc-DEF_1=')).toBe('abc-DEF_1=');
    expect(requestIdFor('a b')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor('x'.repeat(256))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor('')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
