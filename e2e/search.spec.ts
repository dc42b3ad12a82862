import { seriousViolations } from './axe';
import type { Page } from '@playwright/test';
import { appPage, expect, test } from './fixtures';

import { DISCOUNT_POPUP_SEEN_KEY as SEEN_KEY } from './support';

/**
 * The visible search field of the navigation (the header has one per layout; one shows): a plain
 * search field until she reaches for it (it works without JavaScript), then the combobox with
 * suggestions, whose code loads as she points at it or focuses it.
 */
const plainSearch = (page: Page) => page.getByRole('banner').getByRole('searchbox', { name: 'Search', exact: true });
const navSearch = (page: Page) => page.getByRole('banner').getByRole('combobox', { name: 'Search', exact: true });

/** Types into the navigation's field from its plain start: her click brings the combobox, with the focus. */
async function typeInNavSearch(page: Page, text: string) {
  await expect(plainSearch(page)).toBeVisible();
  await expect(navSearch(page)).toHaveCount(0);
  // Pointing at the field starts loading the combobox, which may take its place before the click
  // lands (on a busy machine the click then waited for a plain field that was gone): the click
  // goes to whichever field is there, as hers would.
  await plainSearch(page).or(navSearch(page)).click();
  const box = navSearch(page);
  await expect(box).toBeFocused();
  await box.pressSequentially(text, { delay: 30 });
  return box;
}
const results = (page: Page) => page.getByRole('region', { name: 'Items' }).getByRole('article');

test.beforeEach(async ({ page }) => {
  await page.addInitScript((key) => window.localStorage.setItem(key, 'true'), SEEN_KEY);
});

for (const width of [1280, 390]) {
  test(`"blak dres" in the navigation's search at ${width} px: suggestions, then black dresses first`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const box = await typeInNavSearch(page, 'blak dres');
    const list = page.getByRole('listbox', { name: /Suggestions/ });
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(list.getByText('Showing results for')).toContainText('black dres');
    // The first suggested piece is the black dress; keyboard: down past "Search for", to it.
    const firstItem = list.getByRole('option').nth(1);
    await expect(firstItem).toContainText('Black Column Gown');
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await expect(firstItem).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await firstItem.getAttribute('id'))!);
    // Enter on "Search for": back up one, then the results page.
    await box.press('ArrowUp');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/browse\?q=blak(\+|%20)dres/);
    await expect(results(page).first()).toContainText('Black Column Gown');
    await expect(page.getByTestId('result-count')).toContainText('for “blak dres”');
    // No horizontal scrolling at this width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}

test('facet counts stay truthful after two filters: the count beside a size is what choosing it shows', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/browse');
  const count = page.getByTestId('result-count');
  await page.getByLabel('Occasion', { exact: true }).selectOption('party');
  await expect(page).toHaveURL(/occasion=party/);
  await expect(count).toHaveText(/^\d+ pieces?$/);
  await page.getByLabel('Category', { exact: true }).selectOption('Dresses');
  await expect(page).toHaveURL(/category=Dresses/);
  await expect(count).toHaveText(/^\d+ pieces?$/);
  const total = Number((await count.textContent())!.split(' ')[0]);
  expect(total).toBeGreaterThan(0);
  await expect(results(page)).toHaveCount(total);

  // Every size offered says how many it gives; pick one and compare.
  const sizeSelect = page.getByLabel('Size', { exact: true });
  const labels = await sizeSelect.locator('option:not([disabled])').allTextContents();
  const counted = labels.map((l) => /^(.+) \((\d+)\)$/.exec(l)).filter((m): m is RegExpExecArray => m !== null);
  expect(counted.length).toBeGreaterThan(0);
  const [, size, n] = counted.find((m) => Number(m[2]) < total) ?? counted[0]!;
  await sizeSelect.selectOption(size!);
  await expect(page).toHaveURL(new RegExp(`size=${size}`));
  await expect(count).toHaveText(`${n} ${n === '1' ? 'piece' : 'pieces'}`);
  await expect(results(page)).toHaveCount(Number(n));

  // And colour, a third filter: its count too.
  const colourSelect = page.getByLabel('Colour', { exact: true });
  const colour = (await colourSelect.locator('option:not([disabled])').allTextContents())
    .map((l) => /^(.+) \((\d+)\)$/.exec(l))
    .find((m) => m !== null);
  if (colour) {
    await colourSelect.selectOption({ label: colour[0] });
    await expect(count).toHaveText(`${colour[2]} ${colour[2] === '1' ? 'piece' : 'pieces'}`);
    await expect(results(page)).toHaveCount(Number(colour[2]));
  }
});

test('axe: no serious or critical violation on /browse with filters, a search and its suggestions open', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  await context.addInitScript((key) => window.localStorage.setItem(key, 'true'), SEEN_KEY);
  const page = appPage(await context.newPage());
  await page.goto('/browse?q=black&occasion=party&colour=black&minPrice=500');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
  await typeInNavSearch(page, 'gucc');
  await expect(
    page
      .getByRole('listbox', { name: /Suggestions/ })
      .getByRole('option', { name: /Gucci/ })
      .first(),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});
