import { mkdirSync } from 'node:fs';
import { appPage, expect, test } from './fixtures';
import { DISCOUNT_POPUP_SEEN_KEY, makeStaffWithCli, readyToRentViaApi, signUpViaApi } from './support';

/*
 * Screenshots of the pages a member and staff use, at 390 and 1280 px, written to .tmp/screens
 * for people to look at (SCREENSHOTS=1 npx playwright test e2e/screens.spec.ts). Not a check:
 * the other specs test behaviour; this one only waits for each page's heading.
 */
test('screenshots of the member and staff pages at 390 and 1280 px (SCREENSHOTS=1)', async ({ browser, baseURL }) => {
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to write .tmp/screens/*.png');
  test.setTimeout(300_000);
  mkdirSync('.tmp/screens', { recursive: true });

  const open = async (width: number) => {
    const context = await browser.newContext({ baseURL, viewport: { width, height: width < 500 ? 844 : 900 } });
    await context.addInitScript((key) => window.localStorage.setItem(key, 'true'), DISCOUNT_POPUP_SEEN_KEY);
    return appPage(await context.newPage());
  };

  // A member with a card and an address who has booked a house piece.
  const setup = await open(1280);
  await signUpViaApi(setup, { fullName: 'Nora Screens' });
  await readyToRentViaApi(setup);
  const list = (await (await setup.request.get('/api/items?category=Dresses&limit=24')).json()) as {
    items: { id: number }[];
  };
  let itemId = list.items[0]!.id;
  let orderNumber: string | undefined;
  for (const { id } of list.items) {
    const item = (await (await setup.request.get(`/api/items/${id}`)).json()) as {
      fromMember: boolean;
      sizes: string[];
    };
    const size = item.sizes[0];
    if (item.fromMember || !size) continue;
    const booked = await setup.request.post('/api/rentals', { data: { itemId: id, size } });
    if (booked.status() !== 201) continue;
    itemId = id;
    orderNumber = ((await booked.json()) as { orderNumber?: string }).orderNumber;
    break;
  }
  const staffPage = await open(1280);
  const staff = await signUpViaApi(staffPage, { fullName: 'Sam Desk' });
  expect(makeStaffWithCli(staff.email)).toContain('is now staff');
  const cookiesOf = async (p: typeof setup) => p.context().cookies();
  const memberCookies = await cookiesOf(setup);
  const staffCookies = await cookiesOf(staffPage);

  const pages: { name: string; path: string; as?: 'member' | 'staff' }[] = [
    { name: 'home', path: '/' },
    { name: 'browse', path: '/browse' },
    { name: 'item', path: `/item/${itemId}` },
    { name: 'pricing', path: '/pricing' },
    { name: 'dashboard', path: '/dashboard', as: 'member' },
    { name: 'orders', path: '/orders', as: 'member' },
    ...(orderNumber ? [{ name: 'order', path: `/orders/${orderNumber}`, as: 'member' as const }] : []),
    { name: 'item-member', path: `/item/${itemId}`, as: 'member' },
    { name: 'requests', path: '/requests', as: 'member' },
    { name: 'payouts', path: '/lending/payouts', as: 'member' },
    { name: 'account', path: '/account', as: 'member' },
    { name: 'ops', path: '/ops', as: 'staff' },
    { name: 'ops-inventory', path: '/ops/inventory', as: 'staff' },
    { name: 'ops-claims', path: '/ops/claims', as: 'staff' },
    { name: 'ops-check-in', path: '/ops/check-in', as: 'staff' },
  ];
  for (const width of [390, 1280]) {
    for (const p of pages) {
      const page = await open(width);
      if (p.as) await page.context().addCookies(p.as === 'member' ? memberCookies : staffCookies);
      await page.goto(p.path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `.tmp/screens/${p.name}-${width}.png`, fullPage: true });
      await page.context().close();
    }
  }
});
