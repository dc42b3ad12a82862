import { expect, test } from './fixtures';
import { seriousViolations } from './axe';
import { rentedPiece, signUpViaApi, skipDiscountPopup } from './support';

/*
 * Protection (decision 0064) in the browser, kept short: the damage and loss schedule reached from
 * the footer, its amounts the settings' own, a piece's terms on its page, and the verification form (no serious axe
 * violations); then a member verifies her identity with JavaScript off (the form posts to its
 * page's action) and sees the Verified badge. Damage cover is added from her Renting tab before
 * the script runs (the form posts to the dashboard's action), and shows Covered.
 */

test('the schedule from the footer; verifying her identity before the script runs', async ({
  page,
  browser,
  baseURL,
}) => {
  await skipDiscountPopup(page);
  await page.goto('/help');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Damage & Loss Schedule' }).click();
  await expect(page).toHaveURL(/\/protection$/);
  await expect(page).toHaveTitle('Damage and loss schedule · Rentique');
  const table = page.getByRole('table', { name: /with and without cover/ });
  await expect(table.getByRole('columnheader', { name: 'With cover ($5.00)' })).toBeVisible();
  await expect(table.getByRole('row', { name: /A small stain.*Nothing.*\$15\.00/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Lost or beyond repair.*at most \$250\.00/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // A piece's page shows what protects a booking before she books.
  const list = (await (await page.request.get('/api/items?limit=1')).json()) as { items: { id: number }[] };
  await page.goto(`/item/${list.items[0]!.id}`);
  const terms = page.getByRole('region', { name: 'Protection and terms' });
  await expect(terms.getByText(/Damage cover: \$5\.00 a rental, optional/)).toBeVisible();
  await expect(terms.getByRole('link', { name: 'damage and loss schedule' })).toHaveAttribute('href', '/protection');
  await signUpViaApi(page, { fullName: 'Nora Notyet' });
  await page.goto('/account/verification');
  await expect(page.getByRole('form', { name: 'Verify your identity' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await skipDiscountPopup(context);
  const noJs = await context.newPage();
  await signUpViaApi(noJs, { fullName: 'Vera Verified' });
  await noJs.goto('/account/verification');
  await expect(noJs.getByText('Not verified', { exact: true })).toBeVisible();
  await noJs.getByLabel('Document', { exact: true }).selectOption('passport');
  await noJs.getByLabel('Document number').fill('P1234567');
  await noJs.getByLabel('A selfie').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('me') });
  await noJs.getByRole('button', { name: 'Verify my identity' }).click();
  await expect(noJs.getByRole('region', { name: 'Your status' }).getByText('Verified', { exact: true })).toBeVisible();
  await context.close();
});

test('damage cover added from the Renting tab before the script runs', async ({ browser, baseURL }) => {
  const { holder } = await rentedPiece(browser, baseURL, 'Cover Slip Dress', null);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await skipDiscountPopup(context);
  await context.addCookies(await holder.context().cookies());
  const noJs = await context.newPage();
  await noJs.goto('/dashboard?tab=renting');
  const row = noJs.getByRole('article', { name: 'Cover Slip Dress' });
  await row.getByRole('button', { name: 'Add damage cover ($5) to Cover Slip Dress' }).click();
  await expect(row.getByRole('status')).toHaveText('Damage cover added: $5 charged to your card.');
  await expect(row.getByText('Covered', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /Add damage cover/ })).toHaveCount(0);
  await context.close();
});
