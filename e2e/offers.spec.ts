import type { Browser, Page } from '@playwright/test';
import { appPage, expect, test } from './fixtures';
import {
  DISCOUNT_POPUP_SEEN_KEY,
  makeStaffWithCli,
  readyToRentViaApi,
  signUpViaApi,
  welcomeDiscount,
  welcomePrice,
} from './support';

/*
 * Offers in the browser (issue 28; decision 0056): a new member's first pay-per-item rental is
 * 20% off, in the booking's total before she books and on her order and receipt; a promo code
 * made on the desk, typed in lower case at checkout, priced in the total and on the order.
 */

interface Item {
  id: number;
  name: string;
  sizes: string[];
  fromMember: boolean;
  rentalPriceCents: number;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  await context.addInitScript((key) => window.localStorage.setItem(key, 'true'), DISCOUNT_POPUP_SEEN_KEY);
  return appPage(await context.newPage());
}

/** A house piece with a free unit of its last size this week (other specs book too). */
async function houseItem(page: Page, skip: number[] = []): Promise<{ item: Item; size: string }> {
  const list = (await (await page.request.get('/api/items?category=Tops&limit=48')).json()) as {
    items: { id: number }[];
  };
  for (const { id } of list.items) {
    if (skip.includes(id)) continue;
    const item = (await (await page.request.get(`/api/items/${id}`)).json()) as Item;
    if (item.fromMember) continue;
    const size = item.sizes.at(-1)!;
    const q = (await (await page.request.get(`/api/rentals/quote?itemId=${id}&size=${size}`)).json()) as {
      available: boolean;
    };
    if (q.available) return { item, size };
  }
  throw new Error('no free house piece');
}

/** Opens the piece's page with the size chosen and waits for the total. */
async function openPiece(page: Page, item: Item, size: string) {
  await page.goto(`/item/${item.id}`);
  await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
  const sizeButton = page.getByRole('group', { name: 'Size' }).getByRole('button', { name: size, exact: true });
  if (item.sizes.length > 1) await sizeButton.click();
  await expect(sizeButton).toHaveAttribute('aria-pressed', 'true');
  return page.getByRole('region', { name: 'Your booking' });
}

test('the welcome offer: 20% off her first rental in the total before she books, on the order and on the receipt', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, baseURL);
  await signUpViaApi(page, { fullName: 'Wendy Welcome' });
  await readyToRentViaApi(page);
  const { item, size } = await houseItem(page);
  const paid = welcomePrice(item.rentalPriceCents);

  const booking = await openPiece(page, item, size);
  await expect(booking.getByTestId('booking-total')).toHaveText(dollars(paid));
  await expect(booking.getByTestId('booking-discount')).toContainText('Welcome offer: 20% off your first rental');
  await expect(booking.getByTestId('booking-discount')).toContainText(dollars(item.rentalPriceCents));

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });

  await page.goto('/orders');
  const order = page.getByRole('article', { name: /^Order RT-/ });
  await expect(order.getByTestId('order-discount')).toContainText(
    `−${dollars(welcomeDiscount(item.rentalPriceCents))}`,
  );
  await expect(order.getByTestId('order-charged')).toHaveText(dollars(paid));
  await order.getByRole('link', { name: /^Receipt for order/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  await expect(page.getByTestId('receipt-discount')).toHaveText(`−${dollars(welcomeDiscount(item.rentalPriceCents))}`);
  await expect(page.getByTestId('receipt-charged')).toHaveText(dollars(paid));

  // Her second rental is full price: the offer is once per member.
  const next = await houseItem(page, [item.id]);
  const second = await openPiece(page, next.item, next.size);
  await expect(second.getByTestId('booking-total')).toHaveText(dollars(next.item.rentalPriceCents));
  await expect(second.getByTestId('booking-discount')).toHaveCount(0);
});

test('a promo code made on the desk, typed in lower case at checkout: the saving in the total and on the order', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const staff = await newPage(browser, baseURL);
  const desk = await signUpViaApi(staff, { fullName: 'Dana Desk' });
  expect(makeStaffWithCli(desk.email)).toContain('is now staff');
  const code = `HALF-${Date.now().toString(36).toUpperCase()}`;
  const made = await staff.request.post('/api/ops/promo-codes', {
    data: { code, kind: 'percent', percentOff: 50, maxUses: 5 },
  });
  expect(made.status()).toBe(201);

  const page = await newPage(browser, baseURL);
  await signUpViaApi(page, { fullName: 'Petra Promo' });
  await readyToRentViaApi(page);
  const { item, size } = await houseItem(page);
  const booking = await openPiece(page, item, size);
  await expect(booking.getByTestId('booking-total')).toHaveText(dollars(welcomePrice(item.rentalPriceCents)));

  // An unknown code is said at the field, and the total stays.
  const field = booking.getByRole('textbox', { name: 'Promo code' });
  await field.fill('nope-nope');
  await booking.getByRole('button', { name: 'Apply' }).click();
  await expect(booking.getByTestId('promo-code-message')).toHaveText(
    'We do not know this code. Check the spelling and try again.',
  );

  // Half off beats her welcome offer: the code applies instead (never both).
  await field.fill(code.toLowerCase());
  await booking.getByRole('button', { name: 'Apply' }).click();
  const half = item.rentalPriceCents - Math.floor(item.rentalPriceCents / 2);
  await expect(booking.getByTestId('booking-total')).toHaveText(dollars(half));
  await expect(booking.getByTestId('booking-discount')).toContainText(`Code ${code}: 50% off`);

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  await page.goto('/orders');
  const order = page.getByRole('article', { name: /^Order RT-/ });
  await expect(order.getByTestId('order-discount')).toContainText(`Code ${code}: 50% off`);
  await expect(order.getByTestId('order-charged')).toHaveText(dollars(half));

  // The desk sees one use of the code.
  const codes = (await (await staff.request.get('/api/ops/promo-codes')).json()) as {
    codes: { code: string; uses: number }[];
  };
  expect(codes.codes.find((c) => c.code === code)?.uses).toBe(1);
});

test('without JavaScript: the code is applied by its form (in the URL) and sent with Add to Cart', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const staff = await newPage(browser, baseURL);
  const desk = await signUpViaApi(staff, { fullName: 'Nora Desk' });
  expect(makeStaffWithCli(desk.email)).toContain('is now staff');
  const code = `NOJS-${Date.now().toString(36).toUpperCase()}`;
  const made = await staff.request.post('/api/ops/promo-codes', { data: { code, kind: 'percent', percentOff: 60 } });
  expect(made.status()).toBe(201);

  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await signUpViaApi(page, { fullName: 'Nina Noscript' });
  await readyToRentViaApi(page);
  const { item, size } = await houseItem(page);
  await page.goto(`/item/${item.id}?size=${encodeURIComponent(size)}`);
  const booking = page.getByRole('region', { name: 'Your booking' });
  await booking.getByRole('textbox', { name: 'Promo code' }).fill(code.toLowerCase());
  await booking.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]code=${code.toLowerCase()}`));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const orders = (await (await page.request.get('/api/orders')).json()) as {
    orders: { discount: { code: string | null } | null; chargedCents: number }[];
  };
  expect(orders.orders[0]?.discount?.code).toBe(code);
  expect(orders.orders[0]?.chargedCents).toBe(item.rentalPriceCents - Math.floor((item.rentalPriceCents * 60) / 100));
  await context.close();
});
