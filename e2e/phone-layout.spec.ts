import { expect, test } from './fixtures';
import { skipDiscountPopup } from './support';

/*
 * On a 390 px phone: tap targets, toasts below the navigation, the assistant's button and bubbles.
 */

const PHONE = { width: 390, height: 844 };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: PHONE });

  test("the item page's buttons are at least 44 px tall with their labels inside", async ({ page }) => {
    await skipDiscountPopup(page);
    await page.goto('/item/7');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const name of ['Add to Cart', 'Add to Wishlist', 'Share']) {
      const button = page.getByRole('button', { name, exact: true });
      const box = (await button.boundingBox())!;
      expect(box.height, `${name} height`).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width, `${name} inside the screen`).toBeLessThanOrEqual(PHONE.width);
      // The label fits: nothing inside spills out of the button.
      const spills = await button.evaluate(
        (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
      );
      expect(spills, `${name} label spills`).toBe(false);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  test('a toast appears below the navigation, not over it', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await skipDiscountPopup(page);
    await page.goto('/item/7');
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const toast = page.locator('[data-sonner-toast]').first();
    await expect(toast).toBeVisible();
    await expect(async () => {
      const header = (await page.locator('header').first().boundingBox())!;
      const box = (await toast.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    }).toPass();
  });

  test("the floating assistant button leaves the footer's last lines and links clear", async ({ page }) => {
    await skipDiscountPopup(page);
    await page.goto('/');
    // To the very end (the page grows as lazy sections load, so until it stops).
    await expect(async () => {
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
      expect(
        await page.evaluate(
          () => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1,
        ),
      ).toBe(true);
    }).toPass();
    const fab = (await page.getByRole('button', { name: 'Open style assistant' }).boundingBox())!;
    const footer = page.locator('footer');
    const targets = [footer.locator('p').last(), ...(await footer.getByRole('link').all())];
    for (const target of targets) {
      // The text itself (a range), not the block, which spans the page's width.
      const box = await target.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const r = range.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      });
      expect(overlaps(fab, box), `${await target.textContent()} is under the assistant button`).toBe(false);
    }
    // The page's last line ends above the button: the whole band it floats in is left free.
    const lastLine = await footer
      .locator('p')
      .last()
      .evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return range.getBoundingClientRect().bottom;
      });
    expect(lastLine).toBeLessThanOrEqual(fab.y);
  });

  test('a long word wraps inside its chat bubble', async ({ page }) => {
    await skipDiscountPopup(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open style assistant' }).click();
    const word = 'Supercalifragilisticexpialidocious'.repeat(3);
    await page.getByRole('textbox').fill(word);
    await page.keyboard.press('Enter');
    const bubble = page.getByRole('log', { name: 'Conversation' }).getByText(word);
    await expect(bubble).toBeVisible();
    expect(await bubble.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    const log = (await page.getByRole('log', { name: 'Conversation' }).boundingBox())!;
    const box = (await bubble.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(log.x + log.width);
  });
});
