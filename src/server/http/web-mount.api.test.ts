import { brotliDecompressSync } from 'node:zlib';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageContext } from '../../domain/page-context';
import { createTestApp, type TestApp, type TestMember } from '../test/test-app';

/*
 * The web mount (static.ts, decision 0027) hands each page request to React Router's real request
 * handler with a load context built for that request. The web build is replaced here by the
 * smallest server build React Router accepts: one route whose loader reports what it was given
 * (the member, what the in-process API answers her, the nonce) at every path, and a document renderer that
 * answers that data instead of HTML. What is checked is the mount: who the context says is
 * asking, that the API is called as her and only her, and the headers each page gets.
 */
function reportingBuild(): ServerBuild {
  const loader = async ({ context }: { context: PageContext }) => {
    const me = await context.apiFetch(new Request('http://ignored.example/api/me'));
    return {
      user: context.user,
      meStatus: me.status,
      me: await me.json(),
      nonce: context.nonce,
      requestId: context.requestId,
      origin: context.origin,
    };
  };
  return {
    entry: {
      module: {
        default: (
          _request: Request,
          status: number,
          headers: Headers,
          entry: { staticHandlerContext: { loaderData: Record<string, unknown> } },
        ) =>
          new Response(JSON.stringify(entry.staticHandlerContext.loaderData.page), {
            status,
            headers: { ...Object.fromEntries(headers), 'content-type': 'text/html; charset=utf-8' },
          }),
      },
    },
    routes: {
      root: { id: 'root', path: '', module: { default: () => null } },
      page: { id: 'page', parentId: 'root', path: '*', module: { default: () => null, loader } },
    },
    assets: {
      entry: { module: '/entry.js', imports: [] },
      routes: {
        root: {
          id: 'root',
          path: '',
          module: '/root.js',
          hasLoader: false,
          hasAction: false,
          hasClientAction: false,
          hasClientLoader: false,
          hasClientMiddleware: false,
          hasErrorBoundary: false,
        },
        page: {
          id: 'page',
          parentId: 'root',
          path: '*',
          module: '/page.js',
          hasLoader: true,
          hasAction: false,
          hasClientAction: false,
          hasClientLoader: false,
          hasClientMiddleware: false,
          hasErrorBoundary: false,
        },
      },
      url: '/manifest.js',
      version: '1',
    },
    publicPath: '/',
    assetsBuildDirectory: '',
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  } as unknown as ServerBuild;
}

interface Reported {
  user: { id: string; email: string; role: string } | null;
  meStatus: number;
  me: { email?: string; error?: { code: string } };
  nonce: string;
  requestId: string;
  origin: string;
}

let t: TestApp;
let member: TestMember;
beforeAll(async () => {
  const build = reportingBuild();
  t = await createTestApp({ seed: false, web: { kind: 'vite', loadBuild: async () => build } });
  member = await t.signUp({ fullName: 'Page Reader' });
});
afterAll(() => t.close());

describe('the web mount', () => {
  it("gives a member's page request her session, an API that answers as her, and private, nonce'd headers", async () => {
    const res = await member.request('/dashboard', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const page = (await res.json()) as Reported;
    expect(page.user).toMatchObject({ id: member.id, email: member.email, role: 'member' });
    expect(page.meStatus).toBe(200);
    expect(page.me.email).toBe(member.email);
    expect(page.origin).toBe(t.ctx.env.publicUrl);
    // The policy lets only this response's nonce run inline, and the id is the response's own.
    expect(res.headers.get('content-security-policy')).toContain(`script-src 'self' 'nonce-${page.nonce}'`);
    expect(page.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(res.headers.get('x-request-id')).toBe(page.requestId);
    // Her page is never kept by a shared cache.
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it("gives a visitor's request no member, an API that answers 401, and a fresh nonce each time", async () => {
    const first = await t.request('/browse');
    const page = (await first.json()) as Reported;
    expect(page.user).toBeNull();
    expect(page.meStatus).toBe(401);
    expect(page.me.error?.code).toBe('UNAUTHENTICATED');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = (await (await t.request('/browse')).json()) as Reported;
    expect(again.nonce).not.toBe(page.nonce);
  });

  it('compresses pages for browsers that take it', async () => {
    const res = await member.request('/dashboard', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    const page = JSON.parse(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString('utf8')) as Reported;
    expect(page.user?.id).toBe(member.id);
  });

  it('leaves /api to the API: an unknown API path is its 404 in the error shape, not a page', async () => {
    const res = await t.request('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});
