import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createPageRenderer } from '../src/server/http/page-renderer';
import { createLogger } from '../src/server/logger';
import { expect, test } from './fixtures';

test.describe('pages rendered on the server', () => {
  test('public pages arrive painted, with their data, and member pages stay client-rendered', async ({ request }) => {
    const item = await request.get('/item/7');
    expect(item.headers()['content-type']).toContain('text/html');
    const itemHtml = await item.text();
    const name = ((await (await request.get('/api/items/7')).json()) as { name: string }).name;
    expect(itemHtml).toContain(`>${name}</h1>`);
    // The browser hydrates with the server's data: a JSON block, never an executable inline script.
    expect(itemHtml).toMatch(/<script type="application\/json" id="rentique-state"[^>]*>\{"mutations":\[\],"queries":\[/);
    expect(itemHtml).not.toMatch(/<script>|<script type="module">[^<]/);

    const browse = await (await request.get('/browse?tab=men')).text();
    expect(browse).toContain('Browse Items');
    expect((browse.match(/href="\/item\/\d+"/g) ?? []).length).toBeGreaterThanOrEqual(12);
    expect(browse).not.toContain('Peach Floral Maxi Dress'); // a women's piece

    const home = await (await request.get('/')).text();
    expect(home).toContain('<title>Rentique · Designer fashion, rented by the week</title>');
    expect(home).toContain('Limited space.');

    // Member pages and unknown items are drawn by the browser: the empty shell.
    expect(await (await request.get('/dashboard')).text()).toContain('<div id="root"></div>');
    expect(await (await request.get('/item/999999')).text()).toContain('<div id="root"></div>');
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

  test('hydration matches the server: no console errors, and the page answers at once', async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    for (const path of ['/', '/how-it-works', '/pricing', '/browse', '/item/7', '/items/peach-nike-zip-up-hoodie']) {
      await page.goto(path);
    }
    // Hydrated: the tabs switch without a reload and the data for the new tab is fetched.
    await page.goto('/browse');
    await page.getByRole('tab', { name: 'Men', exact: true }).click();
    await expect(page).toHaveURL(/tab=men/);
    await expect(page.getByRole('link', { name: /Navy Double-Breasted Blazer/ })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('an unknown page answers 404 with the 404 screen, in the HTML and in the browser', async ({ request, page }) => {
    const res = await request.get('/no/such/page?x=1');
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('Oops! Page not found');
    expect(html).toContain('<title>Page not found · Rentique</title>');
    // Known pages are still 200, member pages included (the browser draws them).
    expect((await request.get('/browse')).status()).toBe(200);
    expect((await request.get('/dashboard')).status()).toBe(200);
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

  test('query parameters a page ignores share one server render (a /browse?x=N flood renders once)', async ({ baseURL }) => {
    // The built renderer, with its data fetched from the running server and every fetch counted.
    const distDir = path.resolve('dist/web');
    const calls: string[] = [];
    const renderer = createPageRenderer({
      distDir,
      indexHtml: readFileSync(path.join(distDir, 'index.html'), 'utf8'),
      apiFetch: (p, init) => {
        calls.push(p);
        return fetch(`${baseURL}${p}`, init);
      },
      logger: createLogger('silent'),
      cacheMs: 60_000,
    });
    expect(renderer).not.toBeNull();
    const first = await renderer!.page('/browse?x=0', 'identity');
    expect(String(first?.body)).toContain('Browse Items');
    const perRender = calls.length;
    expect(perRender).toBeGreaterThan(0);
    for (let i = 1; i <= 30; i += 1) {
      const again = await renderer!.page(`/browse?x=${i}&utm_source=flood${i}`, 'identity');
      expect(again?.body).toBe(first?.body);
    }
    expect(calls).toHaveLength(perRender);
    // A parameter the page reads is another render; unknown paths share the one 404 render.
    await renderer!.page('/browse?tab=men&x=1', 'identity');
    expect(calls).toHaveLength(2 * perRender);
    const missing = await renderer!.page('/nope-1', 'identity');
    expect(missing?.status).toBe(404);
    expect(await renderer!.page('/nope-2?x=2', 'identity')).toEqual(missing);
  });
});
