import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { skipDiscountPopup } from './support';

/*
 * The navigation: its names (the match feature as the SPEC names it, its accessible name), the 404
 * screen, the phone's toggle menu, client routes on a hard refresh.
 */

test('the navigation names the match feature as the SPEC does', async ({ page }) => {
  // The discount popup (2 s after load) would hide the navigation from the accessibility tree on a slow run.
  await skipDiscountPopup(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'NEW: Match your Outfit' }),
  ).toHaveAttribute('href', '/match');
});

test('an unknown page shows the 404 screen', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('on a 390 px phone the nav uses a toggle menu and nothing scrolls sideways', async ({ page }) => {
  // The popup opens 2 s after load and would sit over the menu button.
  await skipDiscountPopup(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Pricing' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Pricing' })).toBeVisible();
  await page.locator('#mobile-menu').getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.locator('#mobile-menu')).toBeHidden();
  for (const path of ['/', '/signup', '/login', '/no-such-page']) {
    await page.goto(path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
  }
});

test('client routes load on a hard refresh', async ({ page }) => {
  for (const path of ['/item/7', '/browse', '/pricing']) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  }
});

test("the nav's Match link: its visible text is part of its accessible name (axe label-content-name-mismatch)", async ({
  page,
}) => {
  await skipDiscountPopup(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const results = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
  expect(results.violations.map((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'NEW: Match your Outfit' }),
  ).toBeVisible();
});
