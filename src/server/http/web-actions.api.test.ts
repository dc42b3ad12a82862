import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageContext } from '../../domain/page-context';
import { cookieFrom, createTestApp, type TestApp, type TestMember } from '../test/test-app';

/*
 * A page's action that signs in through the in-process API (the account forms before the app
 * runs, decision 0044) must meet the API's rules as the browser itself would: the sign-in limit
 * counts the browser's address (not the server's own), and the new session records the browser.
 * The web build is the smallest React Router accepts: one route whose action posts its body to
 * better-auth's sign-in through the load context and reports the answer.
 */
function signInBuild(): ServerBuild {
  const action = async ({ request, context }: { request: Request; context: PageContext }) => {
    const res = await context.apiFetch(
      new Request('http://ignored.example/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: await request.text(),
      }),
    );
    return { status: res.status, cookies: res.headers.getSetCookie() };
  };
  const route = {
    hasAction: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
    hasLoader: false,
  };
  return {
    entry: {
      module: {
        default: (
          _request: Request,
          status: number,
          headers: Headers,
          entry: { staticHandlerContext: { actionData: Record<string, unknown> | null } },
        ) =>
          new Response(JSON.stringify(entry.staticHandlerContext.actionData?.page ?? null), {
            status,
            headers: { ...Object.fromEntries(headers), 'content-type': 'application/json' },
          }),
      },
    },
    routes: {
      root: { id: 'root', path: '', module: { default: () => null } },
      page: { id: 'page', parentId: 'root', path: '*', module: { default: () => null, action } },
    },
    assets: {
      entry: { module: '/entry.js', imports: [] },
      routes: {
        root: { ...route, id: 'root', path: '', module: '/root.js' },
        page: { ...route, id: 'page', parentId: 'root', path: '*', module: '/page.js', hasAction: true },
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

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

let t: TestApp;
let member: TestMember;
beforeAll(async () => {
  const build = signInBuild();
  t = await createTestApp({
    seed: false,
    env: { signInRateLimit: 2 },
    web: { kind: 'vite', loadBuild: async () => build },
  });
  member = await t.signUp({ fullName: 'Form Poster' });
});
afterAll(() => t.close());

/** A form post to a page, as the browser at `address` sends it (its socket is what the node server hands the app). */
async function postFrom(address: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await t.app.request(
    'http://localhost:3000/login',
    {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: address } } },
  );
  return (await res.json()) as { status: number; cookies: string[] };
}

describe("a page's action calling the API in-process", () => {
  it("is held to the sign-in limit per browser address: one address's attempts do not lock out another's", async () => {
    const wrong = { email: member.email, password: 'not the password' };
    expect((await postFrom('203.0.113.10', wrong)).status).toBe(401);
    expect((await postFrom('203.0.113.10', wrong)).status).toBe(401);
    expect((await postFrom('203.0.113.10', wrong)).status).toBe(429);
    // Another browser, through the same server process.
    const other = await postFrom('203.0.113.20', { email: member.email, password: member.password });
    expect(other.status).toBe(200);
  });

  it('hands back the session cookie, and the session records the browser that posted', async () => {
    const answer = await postFrom(
      '203.0.113.30',
      { email: member.email, password: member.password },
      { 'user-agent': FIREFOX },
    );
    expect(answer.status).toBe(200);
    const cookie = cookieFrom(
      new Response(null, { headers: answer.cookies.map((c) => ['set-cookie', c] as [string, string]) }),
    );
    expect(cookie).toContain('session_token');
    const res = await t.request('/api/me/sessions', { headers: { cookie } });
    expect(res.status).toBe(200);
    const { sessions } = (await res.json()) as { sessions: { browser: string; current: boolean }[] };
    expect(sessions.find((s) => s.current)?.browser).toMatch(/^Firefox 140/);
  });

  it("carries the browser's origin: a post another site made is refused by the API's own checks too", async () => {
    // React Router compares the origin with the page's URL; a forwarded request could pass that,
    // so the API sees the browser's own Origin and refuses it as it would refuse the browser.
    const res = await t.app.request('http://evil.example/login', {
      method: 'POST',
      headers: { origin: 'http://evil.example', 'content-type': 'application/json', cookie: member.cookie },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    expect(((await res.json()) as { status: number }).status).toBe(403);
  });
});
