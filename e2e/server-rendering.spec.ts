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
});
