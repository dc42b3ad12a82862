import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { freePort } from '../bench/lib/processes';
import { addDays } from '../src/domain/calendar';
import { businessDay } from '../src/domain/business-day';
import { spawnServer, type SpawnedServer } from '../src/server/test/spawn-server';
import { appPage, expect, test } from './fixtures';
import { DISCOUNT_POPUP_SEEN_KEY, readyToRentViaApi, signUpViaApi, verifyViaApi } from './support';

/*
 * The business's day and the member's time zone (decision 0047), with the server and the browser
 * in two different zones: the server process runs with TZ=UTC (and the default business zone,
 * America/New_York) on a clock moved (CLOCK_FILE) to 02:00 UTC, which is 9 pm the day before in
 * New York and 6 pm in Los Angeles, where the browser is (Playwright's timezoneId). Its own server,
 * so the moved clock touches no other test.
 */

const BROWSER_ZONE = 'America/Los_Angeles';
const root = path.resolve(import.meta.dirname, '..');
test.describe.configure({ mode: 'serial' });

let server: SpawnedServer;
let dataDir: string;
/** The server's "now": tomorrow (UTC) at 02:00 UTC. */
let target: number;
/** The business's today at that moment (New York), one day before the UTC date. */
let today: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'rentique-e2e-tz-'));
  const clockFile = path.join(dataDir, 'clock-offset-ms');
  const now = new Date();
  target = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 2, 0, 0);
  writeFileSync(clockFile, String(target - now.getTime()));
  today = businessDay(target, 'America/New_York');
  expect(today).not.toBe(new Date(target).toISOString().slice(0, 10));
  const port = await freePort();
  server = await spawnServer(
    {
      NODE_ENV: 'test',
      TZ: 'UTC',
      DATA_DIR: dataDir,
      CLOCK_FILE: clockFile,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PAYMENT_DELAY_MS: '0',
      SIGN_UP_RATE_LIMIT: '1000',
      SIGN_IN_RATE_LIMIT: '1000',
      MAIL_RATE_LIMIT: '1000',
      WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'dist/web',
    },
    port,
  );
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function browserIn(
  browser: Browser,
  width = 1280,
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({
    baseURL: server.url,
    timezoneId: BROWSER_ZONE,
    viewport: { width, height: width < 600 ? 844 : 900 },
  });
  await context.addInitScript((key) => window.localStorage.setItem(key, 'true'), DISCOUNT_POPUP_SEEN_KEY);
  const page = appPage(await context.newPage());
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`${page.url()}: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`${page.url()}: ${msg.text()}`);
  });
  return { context, page, problems };
}

async function ok(res: Awaited<ReturnType<Page['request']['post']>>, status = 200) {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as Record<string, unknown>;
}

/** A seeded piece and its first size. */
async function aPiece(page: Page): Promise<{ id: number; size: string }> {
  const list = await ok(await page.request.get('/api/items?limit=1'));
  const id = (list.items as { id: number }[])[0]!.id;
  const item = await ok(await page.request.get(`/api/items/${id}`));
  return { id, size: (item.sizes as string[])[0]! };
}

const formatIn = (iso: string, opts: Intl.DateTimeFormatOptions) =>
  new Date(iso).toLocaleString('en-US', { ...opts, timeZone: BROWSER_ZONE });

test("the calendar offers the business's today (New York), not the server's UTC date", async ({ browser }) => {
  const { context, page, problems } = await browserIn(browser);
  const piece = await aPiece(page);
  await page.goto(`/item/${piece.id}?size=${encodeURIComponent(piece.size)}`);
  const dates = page.getByTestId('booking-dates');
  // The default week starts today in New York (it is already tomorrow in UTC).
  await expect(dates.locator('time').first()).toHaveAttribute('datetime', today);
  await dates.click();
  const calendar = page.locator('.rentique-calendar');
  await expect(calendar.locator(`[data-day="${today}"] button`)).toBeEnabled();
  await expect(calendar.locator(`[data-day="${today}"]`)).not.toHaveAttribute('data-disabled', 'true');
  if (addDays(today, -1).slice(0, 7) === today.slice(0, 7))
    await expect(calendar.locator(`[data-day="${addDays(today, -1)}"] button`)).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('calendar-1280.png') });
  // One click picks the start: a week from there, its total under the calendar.
  await calendar.locator(`[data-day="${today}"] button`).click();
  await expect(page.getByTestId('dates-summary-total')).toHaveText(/^1 week · \$\d+\.\d\d$/);
  await page.screenshot({ path: test.info().outputPath('calendar-1280-summary.png') });
  expect(problems).toEqual([]);
  await context.close();
});

test('a click on a day before the chosen week starts a new week there, with its total shown before she confirms', async ({
  browser,
}) => {
  const { context, page, problems } = await browserIn(browser, 390);
  const piece = await aPiece(page);
  // A week chosen in the middle of next month (as from /browse): 6th to 13th.
  const month = addDays(`${today.slice(0, 8)}01`, 40).slice(0, 8);
  const [from, to, earlier] = [`${month}06`, `${month}13`, `${month}03`];
  await page.goto(`/item/${piece.id}?size=${encodeURIComponent(piece.size)}&from=${from}&to=${to}`);
  const dates = page.getByTestId('booking-dates');
  await expect(dates.locator('time').first()).toHaveAttribute('datetime', from);
  await dates.click();
  await page.locator(`.rentique-calendar [data-day="${earlier}"] button`).click();
  // The click is the start: a week from the 3rd (not the 3rd to the 13th), and its total, not booked yet.
  const summary = page.getByTestId('dates-summary');
  await expect(summary).toContainText('7 days');
  await expect(page.getByTestId('dates-summary-total')).toHaveText(/^1 week · \$\d+\.\d\d$/);
  await expect(page.locator(`.rentique-calendar [data-day="${addDays(earlier, 7)}"]`)).toHaveAttribute(
    'data-selected',
    'true',
  );
  await expect(page.locator(`.rentique-calendar [data-day="${to}"]`)).not.toHaveAttribute('data-selected', 'true');
  await page.screenshot({ path: test.info().outputPath('calendar-390.png') });
  await summary.getByRole('button', { name: 'Use these dates' }).click();
  await expect(dates.locator('time').first()).toHaveAttribute('datetime', earlier);
  await expect(dates.locator('time').nth(1)).toHaveAttribute('datetime', addDays(earlier, 7));
  await expect(dates).toContainText('7 days');
  expect(problems).toEqual([]);
  await context.close();
});

test('times on /notifications, /lending/payouts and /ops/audit are hers (Los Angeles), with no hydration error', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const lender = await browserIn(browser);
  const renter = await browserIn(browser);
  const staff = await browserIn(browser);
  await signUpViaApi(lender.page, { fullName: 'Lola Lender' });
  await signUpViaApi(renter.page, { fullName: 'Rae Renter' });
  const staffMember = await signUpViaApi(staff.page, { fullName: 'Sid Staff' });
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  const cli = spawnSync('npm', ['run', '--silent', 'staff', '--', 'add', staffMember.email], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(cli.status, cli.stderr).toBe(0);

  // The lender's piece is listed, approved, requested, sent, received and returned: an earning on her statement.
  const data = JSON.stringify({
    name: 'Midnight Slip Dress',
    brand: 'Khaite',
    category: 'Dresses',
    gender: 'Women',
    sizes: ['M'],
    description: 'Black silk slip dress, worn twice to dinners in town.',
    retailPriceCents: 90_000,
    rentalPriceCents: 3_500,
    handover: 'drop-off',
    lendingMode: 'self', // a self-lent piece (decision 0062): requested from its lender
  });
  const photo = { name: 'dress.png', mimeType: 'image/png', buffer: await lender.page.screenshot() };
  await verifyViaApi(lender.page); // lending asks a verified identity (decision 0068)
  const listing = await ok(
    await lender.page.request.post('/api/listings', { multipart: { data, photos: photo } }),
    201,
  );
  await ok(await staff.page.request.post(`/api/ops/listings/${listing.id as number}/approve`));
  await readyToRentViaApi(renter.page);
  const request = await ok(
    await renter.page.request.post('/api/lending/requests', { data: { itemId: listing.id, size: 'M' } }),
    201,
  );
  await ok(await lender.page.request.post(`/api/lending/requests/${request.id as number}/accept`));
  await ok(await lender.page.request.post(`/api/lending/requests/${request.id as number}/send`));
  await ok(await renter.page.request.post(`/api/rentals/${request.rentalId as number}/received`));
  await ok(await renter.page.request.post(`/api/rentals/${request.rentalId as number}/return`));

  // Her first visit (no zone cookie yet: the server renders in New York's), then the next ones (hers).
  for (const visit of [1, 2]) {
    await lender.page.goto('/notifications');
    const first = lender.page.getByRole('main').locator('time').first();
    const at = (await first.getAttribute('datetime'))!;
    await expect(first).toHaveText(
      formatIn(at, { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }),
    );

    await lender.page.goto('/lending/payouts');
    await expect(lender.page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(lender.page.getByText(/claim until/)).toBeVisible();

    await staff.page.goto('/ops/audit');
    const entry = staff.page.getByRole('main').locator('time').first();
    const entryAt = (await entry.getAttribute('datetime'))!;
    await expect(entry).toHaveText(
      formatIn(entryAt, { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }),
    );
    if (visit === 1) {
      const cookies = await lender.context.cookies();
      expect(cookies.find((c) => c.name === 'tz')?.value).toBe(encodeURIComponent(BROWSER_ZONE));
    }
  }
  // The server now renders her zone itself: the HTML it sends has her time.
  const html = await (await lender.page.request.get('/notifications')).text();
  const sent =
    /<time[^>]*dateTime="([^"]+)"[^>]*>([^<]+)<\/time>/.exec(html) ??
    /<time[^>]*datetime="([^"]+)"[^>]*>([^<]+)<\/time>/.exec(html);
  expect(sent, 'a time in the server-rendered /notifications').not.toBeNull();
  expect(sent![2]).toBe(
    formatIn(sent![1]!, { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }),
  );

  expect([...lender.problems, ...renter.problems, ...staff.problems]).toEqual([]);
  for (const p of [lender, renter, staff]) await p.context.close();
});
