import { seriousViolations } from './axe';
import type { Browser, Page } from '@playwright/test';
import { appPage, expect, test } from './fixtures';

import { DISCOUNT_POPUP_SEEN_KEY as SEEN_KEY, signUpViaApi } from './support';

/** A page in its own context (what @axe-core/playwright needs), with the discount popup already seen. */
async function openPage(browser: Browser, baseURL: string | undefined, { popupSeen = true } = {}) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  if (popupSeen) await context.addInitScript((key) => window.localStorage.setItem(key, 'true'), SEEN_KEY);
  return { context, page: appPage(await context.newPage()) };
}

/** Scrolls through the page so lazy sections (the carousel) load, then waits for quiet. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y < height; y += 700) await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
}

// An item page is checked in gallery.spec.ts (with its gallery and zoom), the account pages in account.spec.ts.
for (const path of ['/', '/how-it-works', '/pricing', '/browse', '/item/7', '/match', '/login', '/signup']) {
  test(`axe finds no serious or critical violation on ${path}`, async ({ browser, baseURL }) => {
    const { context, page } = await openPage(browser, baseURL);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
}

test('axe finds no serious or critical violation with the discount popup or the style assistant open', async ({
  browser,
  baseURL,
}) => {
  const first = await openPage(browser, baseURL, { popupSeen: false });
  await first.page.goto('/');
  await expect(first.page.getByRole('dialog', { name: '20% off your first rental' })).toBeVisible({ timeout: 6000 });
  expect(await seriousViolations(first.page)).toEqual([]);
  await first.context.close();

  const second = await openPage(browser, baseURL);
  await second.page.goto('/');
  await second.page.getByRole('button', { name: 'Open style assistant' }).click();
  const panel = second.page.getByRole('dialog', { name: 'Style Assistant' });
  await panel.getByRole('textbox', { name: 'Message the stylist' }).fill('black jackets under $10');
  await panel.getByRole('textbox', { name: 'Message the stylist' }).press('Enter');
  await expect(panel.getByRole('log')).toContainText('I think you');
  expect(await seriousViolations(second.page)).toEqual([]);
  await second.context.close();
});

for (const path of ['/dashboard', '/match']) {
  test(`axe finds no serious or critical violation on ${path} signed in`, async ({ browser, baseURL }) => {
    const { context, page } = await openPage(browser, baseURL);
    await signUpViaApi(page, { fullName: 'Ada Access' });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
}
