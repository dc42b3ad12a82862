import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

import { DISCOUNT_POPUP_SEEN_KEY as SEEN_KEY } from './support';

test.beforeEach(async ({ context }) => {
  await context.addInitScript((key) => window.localStorage.setItem(key, 'true'), SEEN_KEY);
});

async function serious(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

test('the item gallery switches views, opens a zoom that zooms, closes with Escape and gives focus back', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  await page.goto('/item/59');
  const gallery = page.getByRole('region', { name: 'Pictures of Peach Floral Maxi Dress' });
  // Three slides; only the current one is exposed to assistive technology.
  await expect(gallery.locator('[aria-roledescription="slide"]')).toHaveCount(3);
  await expect(gallery.getByRole('group')).toHaveCount(1);

  // Thumbnails: front, back, detail; the front is shown first.
  const thumbs = gallery.getByRole('list', { name: 'Choose a picture' }).getByRole('button');
  await expect(thumbs).toHaveText(['', '', '']);
  await expect(gallery.getByRole('button', { name: 'Show front' })).toHaveAttribute('aria-current', 'true');
  await expect(gallery.getByRole('group', { name: '1 of 3: Front' })).not.toHaveAttribute('aria-hidden', 'true');

  // A thumbnail switches the view; the pictures really load (SVG drawn by the server).
  await gallery.getByRole('button', { name: 'Show back' }).click();
  await expect(gallery.getByRole('button', { name: 'Show back' })).toHaveAttribute('aria-current', 'true');
  await expect(gallery.getByRole('group', { name: '2 of 3: Back' })).not.toHaveAttribute('aria-hidden', 'true');
  const backImg = gallery.getByRole('group', { name: '2 of 3: Back' }).getByRole('img');
  await expect(backImg).toHaveAttribute(
    'alt',
    /Peach Floral Maxi Dress by Zimmermann: illustration of the peach dress, back view/,
  );
  await expect.poll(() => backImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);

  // Keyboard: arrow keys move between pictures while focus is in the gallery.
  await gallery.getByRole('button', { name: 'Show back' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(gallery.getByRole('button', { name: 'Show detail' })).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(gallery.getByRole('button', { name: 'Show front' })).toHaveAttribute('aria-current', 'true');
  await gallery.getByRole('button', { name: 'Next picture' }).click();
  await expect(gallery.getByRole('button', { name: 'Show back' })).toHaveAttribute('aria-current', 'true');

  // Clicking the picture opens the zoom on that picture.
  const opener = gallery.getByRole('button', { name: 'Zoom in on back' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: /Peach Floral Maxi Dress · Back/ });
  await expect(dialog).toBeVisible();
  const level = dialog.getByTestId('zoom-level');
  await expect(level).toHaveText('100%');
  await expect(dialog.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(async () => Number((await level.textContent())!.replace('%', ''))).toBeGreaterThan(150);
  const zoomed = await dialog.getByTestId('zoomed-picture').boundingBox();
  const frame = await dialog
    .getByTestId('zoomed-picture')
    .evaluate((el) => el.closest('.react-transform-wrapper')!.getBoundingClientRect().width);
  expect(zoomed!.width).toBeGreaterThan(frame * 1.4);
  // Keys zoom too, and 0 resets.
  await page.keyboard.press('0');
  await expect(level).toHaveText('100%');
  await page.keyboard.press('+');
  await expect.poll(async () => Number((await level.textContent())!.replace('%', ''))).toBeGreaterThan(150);
  await page.keyboard.press('0');
  await expect(level).toHaveText('100%');
  // Scrolling the wheel over the picture zooms.
  const pic = (await dialog.getByTestId('zoomed-picture').boundingBox())!;
  await page.mouse.move(pic.x + pic.width / 2, pic.y + pic.height / 2);
  await page.mouse.wheel(0, -400);
  await expect.poll(async () => Number((await level.textContent())!.replace('%', ''))).toBeGreaterThan(110);
  // The reset button (the wheel's own easing may still be running: try until it holds). A click
  // that did reset disables the button, so a retry clicks only while it is enabled; the level
  // must still come back to 100% from the wheel's zoom, which nothing but the button undoes.
  const reset = dialog.getByRole('button', { name: 'Reset zoom' });
  await expect(async () => {
    if (await reset.isEnabled()) await reset.click({ timeout: 1000 });
    await expect(level).toHaveText('100%', { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(reset).toBeDisabled();

  // Other pictures inside the zoom, then Escape closes it and focus returns to the picture.
  await dialog.getByRole('button', { name: 'Next picture' }).click();
  await expect(page.getByRole('dialog', { name: /· Detail/ })).toBeVisible();
  expect(await serious(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(gallery.getByRole('button', { name: 'Zoom in on detail' })).toBeFocused();
  await expect(gallery.getByRole('button', { name: 'Show detail' })).toHaveAttribute('aria-current', 'true');
  expect(problems).toEqual([]);
});

test('a phone can swipe between the pictures', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/items/anime-ramen-print-hoodies');
  const gallery = page.getByRole('region', { name: /Pictures of/ });
  const box = (await gallery.getByRole('group', { name: '1 of 3: Front' }).boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(390);
  // A drag to the left, as a finger does.
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + box.width * (0.8 - i * 0.08), box.y + box.height / 2);
  await page.mouse.up();
  await expect(gallery.getByRole('button', { name: 'Show back' })).toHaveAttribute('aria-current', 'true');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('axe finds no serious or critical violation on an item page and a static item page', async ({ page }) => {
  for (const path of ['/item/7', '/items/butterfly-print-sweatshirt']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await serious(page), path).toEqual([]);
  }
});
