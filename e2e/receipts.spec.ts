import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { businessDay, DEFAULT_BUSINESS_TIME_ZONE } from '../src/domain/business-day';
import { daysBetween } from '../src/domain/calendar';
import type { Browser, Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { appPage, expect, test } from './fixtures';
import {
  DISCOUNT_POPUP_SEEN_KEY,
  TEST_CARD,
  makeStaffWithCli,
  readyToRentViaApi,
  signUpViaApi,
  welcomePrice,
} from './support';

/*
 * The first customer's issue, items 5, 8 and 10 in the browser: a late fee on her orders and
 * receipt with what it was for; the backup size she booked on the desk's dispatch card; a declined
 * card's reason next to the button she pressed, on a phone. With SHOTS_DIR set, the receipt and the
 * dispatch card are also photographed at 390 and 1280 px there (for people to look at).
 */

interface ItemSummary {
  id: number;
}
interface Item {
  id: number;
  name: string;
  sizes: string[];
  fromMember: boolean;
  rentalPriceCents: number;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

async function newPage(browser: Browser, baseURL: string | undefined, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: width < 500 ? 844 : 900 } });
  await context.addInitScript((key) => window.localStorage.setItem(key, 'true'), DISCOUNT_POPUP_SEEN_KEY);
  return appPage(await context.newPage());
}

async function ok<T>(res: { ok(): boolean; status(): number; text(): Promise<string> }, what: string): Promise<T> {
  const text = await res.text();
  expect(res.ok(), `${what}: ${res.status()} ${text.slice(0, 300)}`).toBe(true);
  return JSON.parse(text) as T;
}

/** Books the first house dress that takes it (other specs book too), with `backupSize` when the piece has a second size. */
async function bookHouseDress(
  page: Page,
  opts: { backup?: boolean } = {},
): Promise<{ item: Item; rental: { id: number; orderNumber: string }; size: string; backupSize: string | null }> {
  const list = (await (await page.request.get('/api/items?category=Dresses&limit=48')).json()) as {
    items: ItemSummary[];
  };
  for (const { id } of list.items) {
    const item = (await (await page.request.get(`/api/items/${id}`)).json()) as Item;
    if (item.fromMember || item.sizes.length < (opts.backup ? 2 : 1)) continue;
    const [size, second] = item.sizes.slice(-2).reverse() as [string, string | undefined];
    const backupSize = opts.backup ? (second ?? null) : null;
    const res = await page.request.post('/api/rentals', {
      data: { itemId: id, size, ...(backupSize ? { backupSize } : {}) },
    });
    if (res.status() === 201)
      return { item, rental: (await res.json()) as { id: number; orderNumber: string }, size, backupSize };
  }
  throw new Error('no house dress could be booked');
}

async function staffPage(browser: Browser, baseURL: string | undefined, width = 1280): Promise<Page> {
  const page = await newPage(browser, baseURL, width);
  const staff = await signUpViaApi(page, { fullName: 'Sam Desk' });
  expect(makeStaffWithCli(staff.email)).toContain('is now staff');
  return page;
}

/**
 * Moves a dispatched rental's dates back by `days` in the e2e server's database: its return date
 * has passed (time passing). Answers the new return date.
 */
function moveRentalBack(rentalId: number, days: number): string {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'rentique.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const row = db.prepare('select start_date, end_date from rentals where id = ?').get(rentalId) as {
      start_date: string;
      end_date: string;
    };
    const back = (iso: string) =>
      new Date(new Date(`${iso}T12:00:00Z`).getTime() - days * 86_400_000).toISOString().slice(0, 10);
    db.prepare('update rentals set start_date = ?, end_date = ? where id = ?').run(
      back(row.start_date),
      back(row.end_date),
      rentalId,
    );
    return back(row.end_date);
  } finally {
    db.close();
  }
}

const shotsDir = process.env.SHOTS_DIR;
/** A screenshot into SHOTS_DIR: of `target`, or of the whole page, or (`'viewport'`) of what the screen shows. */
async function shoot(page: Page, name: string, target?: ReturnType<Page['locator']> | 'viewport'): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  const file = path.join(shotsDir, `${name}-${page.viewportSize()?.width ?? 0}.png`);
  if (target === 'viewport') await page.screenshot({ path: file });
  else if (target) await target.screenshot({ path: file });
  else await page.screenshot({ path: file, fullPage: true });
}

test('a late fee is on her orders and her receipt with what it was for, and in the total paid', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const member = await newPage(browser, baseURL, 390);
  await signUpViaApi(member, { fullName: 'Lola Late' });
  await readyToRentViaApi(member);
  const { item, rental } = await bookHouseDress(member);
  const staff = await staffPage(browser, baseURL);
  await ok(await staff.request.post(`/api/ops/rentals/${rental.id}/dispatch`), 'dispatch');
  // Her return date was three days ago; staff check the piece in: the late fee is charged.
  const returnDate = moveRentalBack(rental.id, 10);
  const { unitCode } = await ok<{ unitCode: string }>(
    await staff.request.get(`/api/ops/rentals/${rental.id}`),
    'desk rental',
  );
  const checked = await ok<{ rental: { lateFeeCents: number; lateFeeStatus: string; daysLate: number } }>(
    await staff.request.post(`/api/ops/units/${unitCode}/check-in`, { data: { condition: 'good' } }),
    'check-in',
  );
  // Three days, or four when the business's midnight (New York's) fell between the booking and
  // the check-in: counted from the day the desk checked it in, as the server does.
  const daysLate = daysBetween(returnDate, businessDay(Date.now(), DEFAULT_BUSINESS_TIME_ZONE));
  expect(daysLate).toBeGreaterThanOrEqual(3);
  expect(checked.rental).toMatchObject({ daysLate, lateFeeStatus: 'charged' });
  const fee = checked.rental.lateFeeCents;
  expect(fee).toBeGreaterThan(0);

  // Her orders: the late fee is listed on the order, with what it was for.
  await member.goto('/orders');
  const order = member.getByRole('article', { name: `Order ${rental.orderNumber}` });
  const extra = order.getByTestId('order-extra');
  await expect(extra).toHaveCount(1);
  await expect(extra).toContainText('Late fee');
  await expect(extra).toContainText(`Late return of ${item.name}: 3 days`);
  await expect(extra).toContainText(dollars(fee));
  await expect(order.getByTestId('order-charged')).toHaveText(dollars(welcomePrice(item.rentalPriceCents) + fee));
  await shoot(member, 'orders-late-fee');

  // Her receipt: the rental and the late fee, each with what it was for, and the total paid.
  await order.getByRole('link', { name: `Receipt for order ${rental.orderNumber}` }).click();
  await expect(member.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  const lines = member.getByTestId('payment-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('Rental');
  await expect(lines.nth(0)).toContainText(dollars(welcomePrice(item.rentalPriceCents)));
  await expect(lines.nth(1)).toContainText('Late fee');
  await expect(lines.nth(1)).toContainText(`Late return of ${item.name}: 3 days`);
  await expect(lines.nth(1)).toContainText(dollars(fee));
  await expect(member.getByTestId('receipt-charged')).toHaveText(dollars(welcomePrice(item.rentalPriceCents) + fee));
  expect(await seriousViolations(member)).toEqual([]);
  await shoot(member, 'receipt-late-fee');
  if (shotsDir) {
    await member.setViewportSize({ width: 1280, height: 900 });
    await shoot(member, 'receipt-late-fee');
  }
});

test("the desk's dispatch card shows the backup size she booked, with its unit, to pack in the same parcel; the unit page and check-in too", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const member = await newPage(browser, baseURL);
  await signUpViaApi(member, { fullName: 'Bea Backup' });
  await readyToRentViaApi(member);
  const { item, rental, size, backupSize } = await bookHouseDress(member, { backup: true });
  expect(backupSize).not.toBeNull();
  for (const width of shotsDir ? [390, 1280] : [390]) {
    const staff = await staffPage(browser, baseURL, width);
    await staff.goto('/ops');
    const card = staff
      .getByRole('list', { name: 'To dispatch' })
      .getByRole('article', { name: `${item.name} for Bea Backup` });
    await expect(card).toContainText(`Size ${size}`);
    await expect(card.getByTestId('backup-size')).toContainText(`Size ${backupSize}`);
    await expect(card.getByTestId('backup-size')).toContainText(/RT-\d{6,}/);
    await expect(card.getByTestId('backup-size')).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await shoot(staff, 'dispatch-card-backup', card);
    await shoot(staff, 'ops-today-backup');
  }

  // Sent: the unit page and its check-in name the backup too, and the backup unit's page names the rental.
  const staff = await staffPage(browser, baseURL, 390);
  const desk = await ok<{ unitCode: string; backup: { unitCode: string } }>(
    await staff.request.get(`/api/ops/rentals/${rental.id}`),
    'desk rental',
  );
  await ok(await staff.request.post(`/api/ops/rentals/${rental.id}/dispatch`), 'dispatch');
  await staff.goto(`/ops/check-in?code=${desk.unitCode}`);
  await expect(staff.getByTestId('backup-size')).toContainText(`Size ${backupSize} ${desk.backup.unitCode}`);
  await expect(staff.getByRole('form', { name: 'Check in' }).getByTestId('check-in-backup')).toContainText(
    `size ${backupSize} (${desk.backup.unitCode})`,
  );
  await shoot(staff, 'check-in-backup');
  expect(await seriousViolations(staff)).toEqual([]);
  await staff.goto(`/ops/check-in?code=${desk.backup.unitCode}`);
  await expect(staff.getByTestId('backup-of')).toContainText('Bea Backup');
  await staff.getByTestId('backup-of').getByRole('link', { name: desk.unitCode }).click();
  await expect(staff).toHaveURL(new RegExp(`code=${desk.unitCode}$`));
  await expect(staff.getByRole('form', { name: 'Check in' })).toBeVisible();
});

test('on a phone a declined card says why next to the button pressed and in the toast: the card form and the booking', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const reason = 'Your card has insufficient funds. Please use another card.';
  const page = await newPage(browser, baseURL, 390);
  await signUpViaApi(page, { fullName: 'Nell Nofunds' });

  // The card form: declined when added (the provider's test card 4000 0000 0000 9995).
  await page.goto('/credit-card?mode=manage');
  const form = page.getByRole('form', { name: 'Payment information' });
  await form.getByLabel('Cardholder name').fill('Nell Nofunds');
  await form.getByLabel('Card number').fill('4000 0000 0000 9995');
  await form.getByLabel('Expiry month').selectOption(TEST_CARD.expiryMonth);
  await form.getByLabel('Expiry year').selectOption(TEST_CARD.expiryYear);
  await form.getByLabel('CVV').fill(TEST_CARD.cvv);
  await form.getByLabel('Street address').fill(TEST_CARD.billingAddress.street);
  await form.getByLabel('City').fill(TEST_CARD.billingAddress.city);
  await form.getByLabel('State').fill(TEST_CARD.billingAddress.state);
  await form.getByLabel('ZIP code').fill(TEST_CARD.billingAddress.zipCode);
  const submit = form.getByRole('button', { name: 'Update Payment Information' });
  await submit.click();
  const nextToButton = form.getByTestId('card-error');
  await expect(nextToButton).toHaveText(reason);
  await expect(nextToButton).toBeInViewport();
  await expect(submit).toBeInViewport();
  await expect(submit).toHaveAccessibleDescription(reason);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: reason })).toBeVisible();
  await shoot(page, 'card-declined', 'viewport');

  // The booking: a card on file whose charges are declined for insufficient funds (4000 0000 0000 0358).
  await readyToRentViaApi(page);
  await ok(
    await page.request.put('/api/plans/payment-method', { data: { ...TEST_CARD, cardNumber: '4000 0000 0000 0358' } }),
    'saving the card',
  );
  const list = (await (await page.request.get('/api/items?category=Dresses&limit=24')).json()) as {
    items: ItemSummary[];
  };
  const item = (await (await page.request.get(`/api/items/${list.items[2]!.id}`)).json()) as Item;
  const size = item.sizes[0]!;
  await page.goto(`/item/${item.id}?size=${encodeURIComponent(size)}`);
  const sizeButton = page.getByRole('group', { name: 'Size' }).getByRole('button', { name: size, exact: true });
  if (item.sizes.length > 1) await sizeButton.click();
  await expect(page.getByRole('region', { name: 'Your booking' }).getByText(/ending in 0358/)).toBeVisible();
  const addToCart = page.getByRole('button', { name: 'Add to Cart' });
  await addToCart.click();
  const refusal = page.getByTestId('booking-refusal');
  await expect(refusal).toContainText(reason);
  await expect(refusal).toContainText('Nothing was booked.');
  await expect(refusal).toBeInViewport();
  await expect(addToCart).toBeInViewport();
  await expect(refusal.getByRole('link', { name: 'Change card' })).toHaveAttribute(
    'href',
    /\/credit-card\?mode=manage/,
  );
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: reason })).toBeVisible();
  await shoot(page, 'booking-declined', 'viewport');
  expect(await seriousViolations(page)).toEqual([]);
});
