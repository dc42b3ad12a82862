import { expect, test } from './fixtures';
import { popupTimings, signUpViaApi, skipDiscountPopup, watchPopupTiming } from './support';

/*
 * The SPEC's timings: the discount popup's delay and the plan's 'Setting up...' state.
 */

test('SPEC timings: the discount popup appears 2 s after the navigation starts', async ({ page }) => {
  // When the dialog first shows, in the page's own clock (0 = navigation start), and when the
  // app came alive: the popup cannot show before its code runs.
  await watchPopupTiming(page);
  await page.goto('/');
  await expect(page.getByRole('dialog', { name: '20% off your first rental' })).toBeVisible({ timeout: 6_000 });
  const { popupAt, readyAt } = await popupTimings(page);

  test.info().annotations.push({
    type: 'timing',
    description: `app ready at ${Math.round(readyAt)} ms, popup at ${Math.round(popupAt)} ms after navigation start`,
  });
  console.log(
    `discount popup: app ready at ${Math.round(readyAt)} ms, popup at ${Math.round(popupAt)} ms after navigation start`,
  );
  expect(popupAt).toBeGreaterThanOrEqual(1950);
  // 2 s after the navigation started, not 2 s after the app came alive (which measured 2.8 s);
  // on a machine so loaded that the app is not alive by then, as soon as it is. The margin is for
  // rendering the dialog on a loaded CI machine (two browsers and the server on two cores): 500 ms
  // failed there twice in one run; a timer counted from the app's start would be 2,000 ms late.
  expect(popupAt).toBeLessThan(Math.max(2000, readyAt) + 1000);
});

test("SPEC timings: the plan's 'Setting up...' state is visible for its second", async ({ page }) => {
  await skipDiscountPopup(page);
  await signUpViaApi(page);
  await page.goto('/plan-selection');
  await page.getByRole('button', { name: 'Continue without Plan - Start with Weekly' }).click();
  const started = Date.now();
  await expect(page.getByRole('button', { name: 'Setting up...' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(Date.now() - started).toBeGreaterThanOrEqual(950);
});
