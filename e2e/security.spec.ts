import type { Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { signUpViaApi } from './support';

/*
 * Security headers as the real server sends them with the built SPA, and the session cookie as
 * the browser stores it. The pages must also work under that policy: no CSP violation while they
 * load and render.
 */
const PAGES = ['/', '/browse', '/item/7', '/dashboard'];

function expectSecurityHeaders(res: Response, where: string) {
  const h = res.headers();
  const csp = h['content-security-policy'] ?? '';
  const directive = (name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `)) ?? '';
  expect(csp, `${where}: CSP`).not.toBe('');
  const scripts = directive('script-src') || directive('default-src');
  expect(scripts, `${where}: script-src`).toContain("'self'");
  expect(scripts, `${where}: no inline scripts`).not.toContain("'unsafe-inline'");
  // Inline scripts run only with this response's nonce (React Router's data and module imports).
  expect(scripts, `${where}: a nonce`).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='$/);
  expect(scripts, `${where}: no eval`).not.toContain("'unsafe-eval'");
  expect(directive('frame-ancestors'), `${where}: frame-ancestors`).toBe("frame-ancestors 'none'");
  expect(directive('object-src'), `${where}: object-src`).toBe("object-src 'none'");
  expect(h['x-content-type-options'], `${where}: nosniff`).toBe('nosniff');
  expect(h['referrer-policy'], `${where}: referrer policy`).toBe('strict-origin-when-cross-origin');
  expect(h['x-frame-options'], `${where}: X-Frame-Options`).toBe('DENY');
}

for (const path of PAGES) {
  test(`${path} is served with the security headers and runs under its CSP`, async ({ page, baseURL }) => {
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to (execute|load|apply)/i.test(msg.text())) violations.push(msg.text());
    });
    const ours: Response[] = [];
    page.on('response', (res) => {
      if (res.url().startsWith(baseURL!)) ours.push(res);
    });

    const res = await page.goto(path);
    expect(res, `navigation to ${path}`).not.toBeNull();
    expect(res!.status()).toBe(200);
    expect(res!.headers()['content-type']).toMatch(/text\/html/);
    expectSecurityHeaders(res!, path);
    // The app rendered (a heading), so the policy does not break it.
    await expect(page.locator('h1, h2').first()).toBeVisible();
    await page.waitForLoadState('networkidle');

    // Every answer of ours on the way (scripts, styles, fonts, API calls) is nosniff.
    for (const r of ours) expect(r.headers()['x-content-type-options'], r.url()).toBe('nosniff');
    // Every inline script of the page carries the response's nonce (JSON-LD is data, never run),
    // so the policy lets them run and nothing else.
    const nonce = /'nonce-([^']+)'/.exec(res!.headers()['content-security-policy'] ?? '')?.[1];
    const inline = await page
      .locator('script:not([src]):not([type="application/ld+json"])')
      .evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).nonce));
    expect(inline.length).toBeGreaterThan(0);
    for (const n of inline) expect(n).toBe(nonce);
    expect(violations).toEqual([]);
  });
}

test('the session cookie is HttpOnly and SameSite, and scripts cannot read it', async ({ page }) => {
  await page.goto('/');
  await signUpViaApi(page, { fullName: 'Cookie Check' });
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name.endsWith('session_token'));
  expect(session, `cookies: ${cookies.map((c) => c.name).join(', ')}`).toBeDefined();
  expect(session!.httpOnly).toBe(true);
  expect(session!.sameSite).toBe('Lax');
  expect(session!.path).toBe('/');
  // Every auth cookie is out of reach of scripts.
  for (const c of cookies.filter((x) => x.name.startsWith('better-auth'))) expect(c.httpOnly, c.name).toBe(true);
  expect(await page.evaluate(() => document.cookie)).not.toContain('session_token');

  // Signed in, the dashboard is served under the same policy.
  const res = await page.goto('/dashboard');
  expectSecurityHeaders(res!, '/dashboard (signed in)');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back, Cookie/ })).toBeVisible();
});

test('a page cannot be framed by another site', async ({ page, baseURL }) => {
  // The headers say so (above); Chromium enforces it: the frame shows its error page, not ours.
  await page.setContent(`<iframe id="f" src="${baseURL}/browse" width="400" height="300"></iframe>`);
  const frame = await (await page.waitForSelector('#f')).contentFrame();
  await frame!.waitForLoadState('load');
  expect(frame!.url()).not.toBe(`${baseURL}/browse`);
  await expect(page.frameLocator('#f').getByRole('link', { name: 'Rentique home' })).toHaveCount(0);
  // Opened directly, the same page renders: the refusal is the policy, not a broken page.
  await page.goto('/browse');
  await expect(page.getByRole('link', { name: 'Rentique home' })).toBeVisible();
});

test('the policy refuses an inline script without the nonce, and each response has its own nonce', async ({
  page,
  request,
}) => {
  const nonces = new Set<string>();
  for (let i = 0; i < 3; i += 1)
    nonces.add(/'nonce-([^']+)'/.exec((await request.get('/')).headers()['content-security-policy'] ?? '')?.[1] ?? '');
  expect(nonces.size).toBe(3);

  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  await page.goto('/');
  // An injected inline script (as an XSS would add one) does not run; one with the page's nonce does.
  const ran = await page.evaluate(() => {
    const w = window as unknown as { __without?: number; __with?: number };
    const nonce = (document.querySelector('script[nonce]') as HTMLScriptElement).nonce;
    const without = document.createElement('script');
    without.textContent = 'window.__without = 1';
    document.body.append(without);
    const withNonce = document.createElement('script');
    withNonce.nonce = nonce;
    withNonce.textContent = 'window.__with = 1';
    document.body.append(withNonce);
    return { without: w.__without, with: w.__with };
  });
  expect(ran).toEqual({ without: undefined, with: 1 });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});

test('/credit-card goes back only to a path of this site, whatever the browser would make of ?returnTo= (safePath)', async ({
  page,
}) => {
  await signUpViaApi(page);
  // A tab, a newline or a backslash that the browser would turn into //evil.example.
  for (const trick of ['%2F%09%2Fevil.example', '%2F%0A%2Fevil.example', '%2F%5Cevil.example', '%5C%5Cevil.example']) {
    await page.goto(`/credit-card?mode=manage&returnTo=${trick}`);
    const back = page.getByRole('link', { name: 'Back to Dashboard' });
    await expect(back, trick).toHaveAttribute('href', '/dashboard');
    await expect(page.getByRole('link', { name: 'Back to the piece' })).toHaveCount(0);
    // Nothing on the page, rendered on the server or in the browser, links off the site.
    const offSite = await page
      .locator('a[href]')
      .evaluateAll((links) =>
        links.map((a) => (a as HTMLAnchorElement).href).filter((h) => !h.startsWith(location.origin)),
      );
    expect(
      offSite.filter((h) => h.includes('evil.example')),
      trick,
    ).toEqual([]);
  }
  // A real path of the site is kept.
  await page.goto(`/credit-card?mode=manage&returnTo=${encodeURIComponent('/item/7?size=M')}`);
  await expect(page.getByRole('link', { name: 'Back to the piece' })).toHaveAttribute('href', '/item/7?size=M');
});
