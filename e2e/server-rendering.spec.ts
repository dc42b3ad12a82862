import type { APIRequestContext, Page } from '@playwright/test';
import { appPage, expect, test } from './fixtures';
import { signUpViaApi, skipDiscountPopup } from './support';

/*
 * Every page is rendered on the server by React Router (decision 0027): the HTML that arrives is
 * the page, for visitors and for members, with its title, description and canonical URL.
 */

/** The first HTML of `path` as the server sends it (no JavaScript has run). */
async function firstHtml(request: APIRequestContext, path: string): Promise<string> {
  const res = await request.get(path, { maxRedirects: 0 });
  expect(res.status(), path).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
  return res.text();
}

/** The nonce the page's Content-Security-Policy allows inline scripts with. */
function nonceOf(csp: string | undefined): string {
  const nonce = /'nonce-([^']+)'/.exec(csp ?? '')?.[1];
  expect(nonce, `a nonce in ${csp}`).toBeTruthy();
  return nonce!;
}

test.describe('pages rendered on the server', () => {
  test('public pages arrive painted, with their data; every inline script carries the nonce', async ({ request }) => {
    const item = await request.get('/item/7');
    const itemHtml = await item.text();
    const name = ((await (await request.get('/api/items/7')).json()) as { name: string }).name;
    expect(itemHtml).toContain(`>${name}</h1>`);
    // The data the browser hydrates with travels in React Router's own scripts, which carry this
    // response's nonce; no inline script goes without it (JSON-LD is data, never run).
    const nonce = nonceOf(item.headers()['content-security-policy']);
    const inline = [...itemHtml.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]!);
    expect(inline.length).toBeGreaterThan(2);
    for (const attrs of inline) {
      if (attrs.includes('type="application/ld+json"')) continue;
      expect(attrs, 'an inline script').toContain(`nonce="${nonce}"`);
    }

    const browse = await firstHtml(request, '/browse?tab=men');
    expect(browse).toContain('Browse Items');
    expect((browse.match(/href="\/item\/\d+"/g) ?? []).length).toBeGreaterThanOrEqual(12);
    expect(browse).not.toContain('Peach Floral Maxi Dress'); // a women's piece

    const home = await firstHtml(request, '/');
    expect(home).toContain('<title>Rentique · Designer fashion, rented by the week</title>');
    expect(home).toContain('Limited space.');
  });

  test('the first paint uses local faces resized to the web fonts, so nothing moves when they arrive', async ({
    page,
  }) => {
    await appPage(page).goto('/pricing');
    // The stylesheet every page links declares both stand-ins (vite.config.ts, fontFallbacks).
    const faces = await page.evaluate(() =>
      [...document.fonts]
        .filter((f) => f.family.replace(/"/g, '').endsWith(' fallback'))
        .map((f) => ({
          family: f.family.replace(/"/g, ''),
          // Chromium's FontFace has it (CSS Fonts 5); TypeScript's DOM types do not yet.
          sizeAdjust: (f as FontFace & { sizeAdjust?: string }).sizeAdjust,
        })),
    );
    expect(faces.map((f) => f.family).sort()).toEqual(['Cormorant Garamond fallback', 'Inter fallback']);
    for (const f of faces) expect(f.sizeAdjust, f.family).not.toBe('100%');

    // Then the web fonts, put into use together once they have all arrived (web-fonts.ts).
    const loadedWebFaces = () =>
      page.evaluate(() =>
        [...document.fonts]
          .filter((f) => f.status === 'loaded' && !f.family.endsWith('fallback'))
          .map((f) => `${f.family.replace(/"/g, '')} ${f.weight} ${f.style}`)
          .sort(),
      );
    await expect
      .poll(loadedWebFaces)
      .toEqual([
        'Cormorant Garamond 400 italic',
        'Cormorant Garamond 400 normal',
        'Cormorant Garamond 500 normal',
        'Cormorant Garamond 600 normal',
        'Inter Variable 100 900 normal',
      ]);
    expect(await page.evaluate(() => document.fonts.check('600 2rem "Cormorant Garamond"'))).toBe(true);
  });

  test("a member's hard refresh of /dashboard paints her name and her navigation, never the visitor's", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL: baseURL! });
    const page = await context.newPage();
    await signUpViaApi(page, { fullName: 'Margot Fontaine' });

    // The first HTML: her name, her navigation, and nothing of a visitor's.
    const html = await firstHtml(context.request, '/dashboard');
    expect(html).toContain('Welcome back, Margot');
    const nav = /<nav aria-label="Main"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    expect(nav).toContain('Your Account');
    expect(nav).toContain('Sign Out');
    expect(nav).not.toContain('Join Now');
    expect(nav).not.toContain('>Sign In<');
    // Her data came with the page (not 'Loading...' or skeletons): the plan card shows her plan.
    expect(html).not.toContain('Loading...');

    // In the browser, the page as it arrives (before any script runs) is hers too...
    const noJs = await browser.newContext({
      baseURL: baseURL!,
      javaScriptEnabled: false,
      storageState: await context.storageState(),
    });
    const still = await noJs.newPage();
    await still.goto('/dashboard');
    await expect(still.getByRole('heading', { level: 1, name: 'Welcome back, Margot' })).toBeVisible();
    await expect(
      still.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your Account' }),
    ).toBeVisible();
    await expect(still.getByRole('link', { name: 'Join Now' })).toHaveCount(0);
    await noJs.close();

    // ...and a hard refresh never shows the visitor's navigation on the way: it is watched from
    // the first paint (a MutationObserver installed before the document loads) until the app is live.
    await page.addInitScript(() => {
      const w = window as unknown as { __sawVisitorNav?: boolean };
      w.__sawVisitorNav = false;
      const check = () => {
        const nav = document.querySelector('nav[aria-label="Main"]');
        if (nav && /Join Now/.test(nav.textContent ?? '')) w.__sawVisitorNav = true;
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const live = appPage(page);
    await live.goto('/dashboard');
    await live.reload();
    await expect(live.getByRole('heading', { level: 1, name: 'Welcome back, Margot' })).toBeVisible();
    expect(await live.evaluate(() => (window as unknown as { __sawVisitorNav?: boolean }).__sawVisitorNav)).toBe(false);
    await context.close();
  });

  test('the server sends a visitor who asks for a member page to sign in, and a member who asks for /login home', async ({
    browser,
    baseURL,
    request,
  }) => {
    for (const [path, from] of [
      ['/dashboard', '%2Fdashboard'],
      ['/favorites?x=1', '%2Ffavorites%3Fx%3D1'],
      ['/ops/listings', '%2Fops%2Flistings'],
    ]) {
      const res = await request.get(path!, { maxRedirects: 0 });
      expect(res.status(), path).toBe(302);
      expect(new URL(res.headers().location!, baseURL).href).toBe(`${baseURL}/login?from=${from}`);
    }
    const context = await browser.newContext({ baseURL: baseURL! });
    const page = await context.newPage();
    await signUpViaApi(page);
    for (const path of ['/login', '/signup']) {
      const res = await context.request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(302);
      expect(res.headers().location).toBe('/dashboard');
    }
    // A member on the desk: 'Staff only', answered 403.
    const ops = await context.request.get('/ops', { maxRedirects: 0 });
    expect(ops.status()).toBe(403);
    expect(await ops.text()).toContain('Staff only');
    await context.close();
  });

  test('each page has its own title, description and canonical URL', async ({ request, baseURL }) => {
    const pages = [
      '/',
      '/browse',
      '/item/7',
      '/items/peach-nike-zip-up-hoodie',
      '/pricing',
      '/how-it-works',
      '/match',
      '/help',
      '/contact',
      '/about',
      '/login',
      '/signup',
    ];
    const titles = new Set<string>();
    const item = (await (await request.get('/api/items/7')).json()) as { name: string; brand: string };
    for (const path of pages) {
      const html = await firstHtml(request, path);
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
      const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
      const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
      expect(title, path).toMatch(/ · Rentique$|^Rentique · /);
      expect(description.length, `${path}: description`).toBeGreaterThan(40);
      expect(canonical, `${path}: canonical`).toBe(`${baseURL}${path}`);
      expect(html.match(/<title>/g), `${path}: one title`).toHaveLength(1);
      titles.add(title);
      if (path === '/item/7') expect(title).toBe(`${item.name} by ${item.brand} · Rentique`);
    }
    expect(titles.size, 'every page titled differently').toBe(pages.length);
    // The canonical URL leaves the query out.
    expect(await firstHtml(request, '/browse?tab=men&utm_source=x')).toContain(
      `<link rel="canonical" href="${baseURL}/browse"/>`,
    );
  });

  test('an item page carries schema.org Product data', async ({ request, baseURL }) => {
    const item = (await (await request.get('/api/items/7')).json()) as {
      name: string;
      brand: string;
      rentalPriceCents: number;
      reviewCount: number;
    };
    const html = await firstHtml(request, '/item/7');
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    interface Product {
      '@context': string;
      name: string;
      brand: unknown;
      url: string;
      image: string[];
      offers: { priceSpecification: { referenceQuantity: unknown } };
      aggregateRating?: unknown;
    }
    const product = blocks.find((b) => b['@type'] === 'Product') as Product | undefined;
    expect(product).toBeDefined();
    expect(product!['@context']).toBe('https://schema.org');
    expect(product!.name).toBe(item.name);
    expect(product!.brand).toEqual({ '@type': 'Brand', name: item.brand });
    expect(product!.url).toBe(`${baseURL}/item/7`);
    expect(product!.image[0]).toMatch(new RegExp(`^${baseURL}/api/items/7/pictures/`));
    expect(product!.offers).toMatchObject({
      '@type': 'Offer',
      priceCurrency: 'USD',
      price: (item.rentalPriceCents / 100).toFixed(2),
    });
    expect(product!.offers.priceSpecification.referenceQuantity).toMatchObject({ value: 1, unitCode: 'WEE' });
    if (item.reviewCount > 0)
      expect(product!.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingCount: item.reviewCount });
  });

  test('without JavaScript the item page and the collection can still be read', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL: baseURL!, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/item/7');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/for 7 days/)).toBeVisible();
    await page.goto('/browse');
    await expect(page.getByRole('region', { name: 'Items' }).getByRole('article').first()).toBeVisible();
    await context.close();
  });

  test('hydration matches the server, for visitors and members: no console errors or warnings, and the page answers at once', async ({
    page,
  }) => {
    test.setTimeout(180_000); // every page, for a visitor and a member: over 60 s on a loaded 2-core machine
    const problems: string[] = [];
    const watch = (p: Page) => {
      p.on('pageerror', (err) => problems.push(err.message));
      p.on('console', (msg) => {
        if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${p.url()}: ${msg.text()}`);
      });
    };
    watch(page);
    await skipDiscountPopup(page);
    for (const path of [
      '/',
      '/how-it-works',
      '/pricing',
      '/browse',
      '/item/7',
      '/items/peach-nike-zip-up-hoodie',
      '/match',
      '/help',
      '/login',
    ]) {
      await page.goto(path);
    }
    // Hydrated: the tabs switch without a reload and the data for the new tab is fetched.
    await page.goto('/browse');
    await page.getByRole('tab', { name: 'Men', exact: true }).click();
    await expect(page).toHaveURL(/tab=men/);
    await expect(page.getByRole('link', { name: /Navy Double-Breasted Blazer/ })).toBeVisible();

    await signUpViaApi(page, { fullName: 'Hydra Member' });
    for (const path of [
      '/',
      '/dashboard',
      '/match',
      '/favorites',
      '/account',
      '/plan-selection',
      '/pickup-location',
      '/notifications',
      '/item/7',
    ]) {
      await page.goto(path);
    }
    expect(problems).toEqual([]);
  });

  test('an unknown page answers 404 with the 404 screen, in the HTML and in the browser', async ({ request, page }) => {
    const res = await request.get('/no/such/page?x=1');
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('Oops! Page not found');
    expect(html).toContain('<title>Page not found · Rentique</title>');
    // An unknown item and an unknown static item page too.
    expect((await request.get('/item/999999')).status()).toBe(404);
    expect(await (await request.get('/item/999999')).text()).toContain('Item Not Found');
    expect((await request.get('/items/no-such-hoodie')).status()).toBe(404);
    // Known pages are 200.
    expect((await request.get('/browse')).status()).toBe(200);
    // An unknown API path is the API's own 404, in the error shape.
    const api = await request.get('/api/no-such-thing');
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });

    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(err.message));
    page.on('console', (msg) => {
      // The document's own 404 is what is asked for; anything else is a problem.
      if (msg.type() === 'error' && !/status of 404/.test(msg.text())) problems.push(msg.text());
    });
    const response = await page.goto('/this-page-does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found · Rentique');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(problems).toEqual([]);
  });
});
