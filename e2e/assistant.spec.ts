import { expect, test } from './fixtures';
import { skipDiscountPopup } from './support';

/*
 * The style assistant answers in the browser.
 */

test('the assistant finds the black jackets for "black jackets for work"', async ({ page }) => {
  await skipDiscountPopup(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open style assistant' }).click();
  await page.getByRole('textbox').fill('black jackets for work');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('list', { name: 'Suggested pieces' }).getByText('Black Leather Biker Jacket'),
  ).toBeVisible();
  await expect(page.getByText(/couldn't find/)).toHaveCount(0);
});
