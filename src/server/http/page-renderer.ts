import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { SERVER_STATE_ID } from '../../domain/server-state';
import type { Logger } from '../logger';

/** What the web build's server entry (src/web/entry-server.tsx, built to <dist>-ssr) offers. */
interface RendererModule {
  setApiFetch(fetcher: (path: string, init: RequestInit) => Promise<Response>): void;
  /**
   * The page cache's key for `href` (everything of the URL its page reads) and the page's HTTP
   * status; null when the browser renders the page. A renderer built before this existed has none:
   * then the whole URL is the key and the status 200.
   */
  pageKey?(href: string): Promise<{ key: string; status: number } | null>;
  render(href: string): Promise<{ html: string; state: string; routeIds: string[] } | null>;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

const ROOT = '<div id="root"></div>';
/** What React puts before the markup of a partial tree: resource hints and the page's title. */
const LEADING_HOISTABLES = /^(?:<link\b[^>]*>|<meta\b[^>]*>|<title>[^<]*<\/title>)+/;

/** Public pages are the same for every visitor; each URL's HTML is kept this long. */
const PAGE_CACHE_MS = 1000;
const PAGE_CACHE_MAX = 500;

export type Encoding = 'br' | 'gzip' | 'identity';

/** A rendered page, in the encoding the browser asked for. */
export interface RenderedHtml {
  body: string | Uint8Array<ArrayBuffer>;
  encoding: Encoding;
  /** The HTTP status to answer with (404 for the not-found screen). */
  status: number;
}

export interface PageRenderer {
  /** The finished HTML document for `url` (path and query), or null when the browser renders it. */
  page(url: string, encoding: Encoding): Promise<RenderedHtml | null>;
}

/** The best encoding an Accept-Encoding header takes. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return 'identity';
}

/** One page's HTML, compressed once per encoding on first use. */
class PageEntry {
  private br: Uint8Array<ArrayBuffer> | undefined;
  private gzip: Uint8Array<ArrayBuffer> | undefined;
  constructor(
    readonly html: string,
    readonly status: number,
  ) {}
  as(encoding: Encoding): RenderedHtml {
    const { status } = this;
    if (encoding === 'br') {
      this.br ??= new Uint8Array(brotliCompressSync(this.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
      return { body: this.br, encoding, status };
    }
    if (encoding === 'gzip') {
      this.gzip ??= new Uint8Array(gzipSync(this.html));
      return { body: this.gzip, encoding, status };
    }
    return { body: this.html, encoding, status };
  }
}

/**
 * Server rendering of the public pages (home, how it works, pricing, browse, item pages): the
 * renderer the web build made (`vite build --ssr`) draws the page as a visitor's browser would,
 * with its data fetched through `apiFetch` (the app itself), into the built index.html, with the
 * query cache beside it for hydration and the page's own chunks preloaded. Without that build
 * (tests, or a build made before it existed) every page is left to the browser.
 */
export function createPageRenderer(opts: {
  distDir: string;
  indexHtml: string;
  apiFetch: (path: string, init: RequestInit) => Promise<Response>;
  logger: Logger;
  cacheMs?: number;
}): PageRenderer | null {
  const entry = path.join(`${opts.distDir}-ssr`, 'entry-server.js');
  const manifestFile = path.join(opts.distDir, '.vite/manifest.json');
  if (!existsSync(entry) || !opts.indexHtml.includes(ROOT)) return null;
  const manifest: Record<string, ManifestChunk> = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  const cacheMs = opts.cacheMs ?? PAGE_CACHE_MS;
  const cache = new Map<string, { at: number; entry: Promise<PageEntry | null> }>();

  let loaded: Promise<RendererModule> | undefined;
  const renderer = () =>
    (loaded ??= import(pathToFileURL(entry).href).then((mod: RendererModule) => {
      mod.setApiFetch(opts.apiFetch);
      return mod;
    }));

  /**
   * The matched pages' chunks (and what they import) that index.html does not name: their
   * stylesheets as <link>s (the markup needs them), their scripts as a list the entry preloads
   * once the page is painted (main.tsx).
   */
  const chunksOf = (routeIds: string[]) => {
    const files = new Set<string>();
    const css = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const c of chunk.css ?? []) css.add(c);
      for (const dep of chunk.imports ?? []) visit(dep);
    };
    for (const id of routeIds) visit(id);
    const fresh = (f: string) => !opts.indexHtml.includes(`/${f}"`);
    return {
      stylesheets: [...css].filter(fresh).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`).join(''),
      scripts: [...files].filter(fresh).map((f) => `/${f}`).join(' '),
    };
  };

  const build = async (url: string): Promise<string | null> => {
    const page = await (await renderer()).render(`http://localhost${url}`);
    if (!page) return null;
    const hoisted = LEADING_HOISTABLES.exec(page.html)?.[0] ?? '';
    const body = page.html.slice(hoisted.length);
    let html = opts.indexHtml;
    if (hoisted.includes('<title>')) html = html.replace(/<title>[^<]*<\/title>/, '');
    // '<' never appears raw inside the JSON block, so no '</script>' can end it early.
    const state = page.state.replace(/</g, '\\u003c');
    const chunks = chunksOf(page.routeIds);
    return html
      .replace('</head>', `${hoisted}${chunks.stylesheets}</head>`)
      .replace(ROOT, `<div id="root">${body}</div><script type="application/json" id="${SERVER_STATE_ID}" data-modules="${chunks.scripts}">${state}</script>`);
  };

  /** The cache key and status of `url`'s page (null: the browser renders it). */
  const target = async (url: string): Promise<{ key: string; status: number } | null> => {
    const mod = await renderer();
    return mod.pageKey ? mod.pageKey(`http://localhost${url}`) : { key: url, status: 200 };
  };

  return {
    async page(url, encoding) {
      let page: { key: string; status: number } | null;
      try {
        page = await target(url);
      } catch (err) {
        opts.logger.warn({ err, url }, 'server rendering failed; the browser renders the page');
        return null;
      }
      if (!page) return null;
      const { key, status } = page;
      // Keyed on what the page reads of the URL (not the URL itself): /browse?x=1, ?x=2, ...
      // share one render, and so does every unknown path's 404 screen.
      const now = Date.now();
      const hit = cache.get(key);
      let entry = hit && now - hit.at < cacheMs ? hit.entry : undefined;
      if (!entry) {
        entry = build(url).then(
          (html) => (html === null ? null : new PageEntry(html, status)),
          (err: unknown) => {
            opts.logger.warn({ err, url }, 'server rendering failed; the browser renders the page');
            return null;
          },
        );
        if (cacheMs > 0) {
          if (cache.size >= PAGE_CACHE_MAX) cache.clear();
          cache.set(key, { at: now, entry });
        }
      }
      return (await entry)?.as(encoding) ?? null;
    },
  };
}
