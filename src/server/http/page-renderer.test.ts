import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { createPageRenderer, pickEncoding } from './page-renderer';

// A stand-in for the web build's renderer (the real one is exercised by e2e/server-rendering):
// what it returns for each path is spelled out here, so the assembly around it can be checked.
const RENDERER = `
let apiFetch;
export let calls = 0;
export function setApiFetch(f) { apiFetch = f; }
export async function render(href) {
  calls += 1;
  const url = new URL(href);
  if (url.pathname === '/member') return null;
  if (url.pathname === '/boom') throw new Error('render failed');
  const data = await (await apiFetch('/api/thing', {})).text();
  return {
    html: '<link rel="preload" as="image" href="/a.svg"/><title>Page ' + url.pathname + '</title><div id="app">' + data + '</div>',
    state: JSON.stringify({ queries: [{ data: '</script><script>alert(1)</script>' }], calls }),
    routeIds: ['root', 'features/x/routes/page.tsx'],
  };
}`;

// The same stand-in with a pageKey, as the web build's renderer has: /x reads only ?tab, and
// any path but /x and /member is the not-found screen.
const KEYED_RENDERER = `${RENDERER}
export async function pageKey(href) {
  const url = new URL(href);
  if (url.pathname === '/member') return null;
  if (url.pathname !== '/x') return { key: 'not-found', status: 404 };
  const tab = url.searchParams.get('tab');
  return { key: tab ? '/x?tab=' + tab : '/x', status: 200 };
}`;

const INDEX = `<!doctype html><html><head><title>Default</title><script type="module" src="/assets/index-1.js"></script><link rel="stylesheet" href="/assets/index-1.css"></head><body><div id="root"></div></body></html>`;
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', css: ['assets/index-1.css'] },
  'features/x/routes/page.tsx': { file: 'assets/page-1.js', imports: ['_shared.js'], css: ['assets/page-1.css'] },
  '_shared.js': { file: 'assets/shared-1.js' },
};

const dirs: string[] = [];
function setup(cacheMs = 1000, rendererSource = RENDERER) {
  const base = mkdtempSync(path.join(tmpdir(), 'rentique-pages-'));
  dirs.push(base);
  const dist = path.join(base, 'web');
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  mkdirSync(`${dist}-ssr`);
  writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(path.join(`${dist}-ssr`, 'entry-server.js'), rendererSource);
  const fetched: string[] = [];
  const renderer = createPageRenderer({
    distDir: dist,
    indexHtml: INDEX,
    apiFetch: async (p) => {
      fetched.push(p);
      return new Response('from the api');
    },
    logger: createLogger('silent'),
    cacheMs,
  });
  if (!renderer) throw new Error('no renderer');
  return { renderer, fetched };
}

afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('page renderer', () => {
  it('puts the markup in #root, the title and hints in the head, and the data in a JSON block that cannot end early', async () => {
    const { renderer, fetched } = setup();
    const page = await renderer.page('/x?tab=men', 'identity');
    const html = String(page?.body);
    expect(fetched).toEqual(['/api/thing']);
    expect(html).toContain('<div id="root"><div id="app">from the api</div></div>');
    expect(html).not.toContain('<title>Default</title>');
    expect(html).toMatch(/<head>.*<title>Page \/x<\/title>.*<\/head>/s);
    expect(html).toMatch(/<link rel="preload" as="image" href="\/a.svg"\/>.*<\/head>/s);
    // The page's own stylesheet is linked; index.html's is not repeated.
    expect(html.match(/assets\/index-1\.css/g)).toHaveLength(1);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/page-1.css">');
    // The page's scripts are listed for the entry to preload after the first paint.
    expect(html).toContain('data-modules="/assets/page-1.js /assets/shared-1.js"');
    // The only '</script>' after the data block's start is its own end.
    const block = html.slice(html.indexOf('id="rentique-state"'));
    expect(block.indexOf('</script>')).toBe(block.lastIndexOf('</script>'));
    expect(block).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
    const json = block.slice(block.indexOf('>') + 1, block.indexOf('</script>'));
    expect(JSON.parse(json).queries[0].data).toBe('</script><script>alert(1)</script>');
  });

  it('leaves pages it does not render, and pages that fail, to the browser', async () => {
    const { renderer } = setup();
    expect(await renderer.page('/member', 'identity')).toBeNull();
    expect(await renderer.page('/boom', 'gzip')).toBeNull();
  });

  it('keeps each URL for the cache time and compresses once per encoding', async () => {
    const { renderer, fetched } = setup(60_000);
    const plain = String((await renderer.page('/a', 'identity'))?.body);
    const br = await renderer.page('/a', 'br');
    const gz = await renderer.page('/a', 'gzip');
    expect(fetched).toHaveLength(1);
    expect(br?.encoding).toBe('br');
    expect(brotliDecompressSync(br!.body as Uint8Array).toString()).toBe(plain);
    expect(gunzipSync(gz!.body as Uint8Array).toString()).toBe(plain);
    await renderer.page('/b', 'identity');
    expect(fetched).toHaveLength(2);

    const uncached = setup(0);
    await uncached.renderer.page('/a', 'identity');
    await uncached.renderer.page('/a', 'identity');
    expect(uncached.fetched).toHaveLength(2);
  });

  it('keys the cache on what the page reads (pageKey): ignored query parameters share one render; the 404 screen keeps its status', async () => {
    const { renderer, fetched } = setup(60_000, KEYED_RENDERER);
    const first = await renderer.page('/x?utm=1', 'identity');
    for (let i = 2; i <= 20; i += 1) expect(await renderer.page(`/x?utm=${i}`, 'identity')).toEqual(first);
    expect(fetched).toHaveLength(1);
    expect(first?.status).toBe(200);
    // A parameter the page reads is another page.
    await renderer.page('/x?tab=men', 'identity');
    expect(fetched).toHaveLength(2);
    // Every unknown path: one render of the not-found screen, answered 404.
    const missing = await renderer.page('/no/such/page', 'gzip');
    expect(missing?.status).toBe(404);
    expect(await renderer.page('/another/unknown?page=2', 'gzip')).toEqual(missing);
    expect(fetched).toHaveLength(3);
    // Pages the browser renders are still left to it.
    expect(await renderer.page('/member', 'identity')).toBeNull();
  });

  it('is off without the renderer build', () => {
    const base = mkdtempSync(path.join(tmpdir(), 'rentique-pages-'));
    dirs.push(base);
    expect(createPageRenderer({ distDir: base, indexHtml: INDEX, apiFetch: async () => new Response(''), logger: createLogger('silent') })).toBeNull();
  });

  it('picks the best encoding the browser takes', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('identity')).toBe('identity');
  });
});
