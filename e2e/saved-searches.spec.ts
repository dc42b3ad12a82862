import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { DISCOUNT_POPUP_SEEN_KEY as SEEN_KEY, signUpViaApi } from './support';

/*
 * Issue 27 (decision 0065), one lean walk: a member saves browse's search, finds it on her
 * account, renames and opens it; an item page shows "You may also like" (drawn by the server).
 * The alert's once-a-day rule is shown by saved-searches.api.test.ts.
 */
test('save a search from browse, rename and open it from her account; similar pieces on an item', async ({ page }) => {
  await page.addInitScript((key) => window.localStorage.setItem(key, 'true'), SEEN_KEY);
  await signUpViaApi(page, { fullName: 'Sara Saved' });
  await page.goto('/browse?category=Dresses&sort=recommended');
  await expect(page.getByRole('combobox', { name: /sort/i }).or(page.getByLabel(/sort/i)).first()).toBeVisible();

  const form = page.getByRole('form', { name: 'Save this search' });
  await form.getByLabel('Name').fill('Evening dresses');
  await form.getByLabel(/Tell me when new pieces match/).check();
  await form.getByRole('button', { name: 'Save search' }).click();

  await expect(page).toHaveURL(/\/account\/saved-searches\?saved=1/);
  await expect(page.getByTestId('saved-notice')).toBeVisible();
  const saved = page.getByTestId('saved-search');
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText('Evening dresses');
  await expect(saved).toContainText('Alerts on');
  expect(await seriousViolations(page)).toEqual([]);

  await saved.getByLabel('New name for Evening dresses').fill('Party dresses');
  await saved.getByRole('button', { name: 'Rename' }).click();
  await expect(saved.getByRole('link', { name: 'Party dresses' })).toBeVisible();
  await saved.getByRole('link', { name: 'Party dresses' }).click();
  await expect(page).toHaveURL(/\/browse\?.*category=Dresses/);

  const first = page.getByRole('region', { name: 'Items' }).getByRole('article').first();
  await first.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/item\/\d+/);
  const id = /\/item\/(\d+)/.exec(page.url())![1];
  const similar = page.getByRole('region', { name: 'You may also like' });
  await expect(similar).toBeVisible();
  await expect(similar.getByRole('link').first()).toBeVisible();
  await expect(similar.locator(`a[href="/item/${id}"]`)).toHaveCount(0);
});
