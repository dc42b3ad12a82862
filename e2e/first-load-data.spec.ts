import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { makeStaffWithCli, signUpViaApi, skipDiscountPopup } from './support';
import APP_PAGES from '../scripts/lib/app-pages.json' with { type: 'json' };

/*
 * One data path (issue 32, decision 0054): a document is rendered with the data its loaders
 * fetched, and the page that hydrates reads that data from the cache. So a first load of any of the
 * app's pages (scripts/lib/app-pages.json, those `npm run lighthouse` measures) asks the API for
 * nothing more once it is live: a query missing from a loader, or data counted stale the
 * moment it arrives, shows up here as a request after the page loaded (and as a second render).
 */

/** The API requests the page makes from its document's arrival until it is live and the network is quiet. */
async function requestsAfterLoad(page: Page, path: string): Promise<string[]> {
  const seen: string[] = [];
  const record = (req: { url(): string; resourceType(): string }) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/') && ['fetch', 'xhr'].includes(req.resourceType()))
      seen.push(url.pathname + url.search);
  };
  page.on('request', record);
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // Effects that start a fetch a moment after hydration (a query enabled by a mounted child).
  await page.waitForTimeout(500);
  await page.waitForLoadState('networkidle');
  page.off('request', record);
  return seen;
}

test('a visitor’s first load of each public page asks the API for nothing more', async ({ page }) => {
  await skipDiscountPopup(page);
  for (const path of APP_PAGES.visitor.map((p) => p.replace(':id', '7')))
    expect.soft(await requestsAfterLoad(page, path), path).toEqual([]);
});

test('a member’s first load of each of her pages asks the API for nothing more', async ({ page }) => {
  await skipDiscountPopup(page);
  await signUpViaApi(page, { fullName: 'Nora Once' });
  for (const path of APP_PAGES.member) expect.soft(await requestsAfterLoad(page, path), path).toEqual([]);
});

test('the desk’s first load of each of its pages asks the API for nothing more', async ({ page }) => {
  const staff = await signUpViaApi(page, { fullName: 'Desmond Desk' });
  makeStaffWithCli(staff.email);
  for (const path of APP_PAGES.staff) expect.soft(await requestsAfterLoad(page, path), path).toEqual([]);
});
