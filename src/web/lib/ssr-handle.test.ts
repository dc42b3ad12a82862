import { describe, expect, it } from 'vitest';
import { handle as browse } from '../features/catalogue/routes/browse';
import { handle as item } from '../features/catalogue/routes/item';
import { handle as home } from '../features/home/routes/home';
import { handle as notFound } from '../features/shell/routes/not-found';
import { ssrCacheKey, type SsrHandle } from './ssr-handle';

/*
 * The server keeps one rendered HTML per cache key for a second: a key must name everything of
 * the URL the page reads (else one visitor's page is served for another URL) and nothing else
 * (else `?x=1`, `?x=2`, ... each cost a render: a cheap flood of the renderer).
 */
const key = (handle: SsrHandle, href: string, params: Record<string, string> = {}) => ssrCacheKey(handle, new URL(href, 'http://localhost'), params);

describe('server page cache keys', () => {
  it('browse: only its state counts, in one order', () => {
    const plain = key(browse, '/browse');
    for (const href of ['/browse?x=1', '/browse?x=2&y=3', '/browse?tab=women', '/browse?sort=popular', '/browse?tab=nonsense&size=XXXL', '/browse?from=2026-12-08&to=2026-12-01']) {
      expect(key(browse, href), href).toBe(plain);
    }
    expect(key(browse, '/browse?tab=men&sort=price-asc&utm=1')).toBe(key(browse, '/browse?sort=price-asc&tab=men'));
    expect(key(browse, '/browse?tab=men')).not.toBe(plain);
    expect(key(browse, '/browse?q=silk')).not.toBe(key(browse, '/browse?q=wool'));
    expect(key(browse, '/browse?from=2026-12-01&to=2026-12-08')).not.toBe(plain);
  });

  it('item: the path and valid dates only', () => {
    expect(key(item, '/item/7?utm=mail', { id: '7' })).toBe(key(item, '/item/7', { id: '7' }));
    expect(key(item, '/item/7?from=2026-12-08&to=2026-12-01', { id: '7' })).toBe(key(item, '/item/7', { id: '7' }));
    expect(key(item, '/item/7?to=2026-12-08&from=2026-12-01&x=1', { id: '7' })).toBe(key(item, '/item/7?from=2026-12-01&to=2026-12-08', { id: '7' }));
    expect(key(item, '/item/8', { id: '8' })).not.toBe(key(item, '/item/7', { id: '7' }));
  });

  it('pages that read no query: the path; the 404 screen: one key for every unknown path, answered 404', () => {
    expect(key(home, '/?x=1')).toBe('/');
    expect(key(notFound, '/no/such/page?x=1')).toBe(key(notFound, '/another'));
    expect(notFound.status).toBe(404);
    expect(home.status ?? 200).toBe(200);
  });
});
