import { expect, test } from './fixtures';
import { okJson, rentedPiece } from './support';

/*
 * Keep it and the garment's passport in the browser (decision 0059): a house piece is rented and
 * sent; its item page tells its history (the garment's passport); the renter keeps it from her
 * dashboard through Keep it's page, pays with her card, and her dashboard shows it as hers.
 */

test('she keeps a piece from her dashboard and it shows as hers; the passport shows on the item page', async ({
  browser,
  baseURL,
}) => {
  const name = `Keepsake Slip ${Date.now()}`;
  const { itemId, rentalId, holder, staff } = await rentedPiece(browser, baseURL, name, null);
  await okJson(await staff.request.post(`/api/ops/rentals/${rentalId}/dispatch`));

  // The item page's passport: one piece of size M, rented once (this rental).
  await holder.goto(`/item/${itemId}`);
  const passport = holder.getByTestId('garment-passport');
  await expect(passport.getByRole('heading', { name: "The garment's passport" })).toBeVisible();
  await expect(passport.getByTestId('passport-unit')).toHaveCount(1);
  await expect(passport.getByTestId('times-rented')).toHaveText('1');

  // Keep it from the dashboard: $900 retail, never rented before: 70%, $630.00.
  await holder.goto('/dashboard');
  const row = holder.getByRole('article', { name });
  await row.getByRole('link', { name: `Keep ${name} for $630.00` }).click();
  await expect(holder).toHaveURL(new RegExp(`/rentals/${rentalId}/keep$`));
  await expect(holder.getByTestId('keep-price')).toHaveText('$630.00');
  await holder.getByRole('button', { name: 'Buy it for $630.00' }).click();

  await expect(holder).toHaveURL(/\/dashboard\?kept=/);
  const kept = holder.getByRole('article', { name });
  await expect(kept.getByTestId('rental-status')).toHaveText('Yours');
  await expect(kept.getByTestId('kept-line')).toContainText('for $630.00');
  await expect(kept.getByRole('button', { name: `Return ${name}` })).toHaveCount(0);
  await expect(kept.getByRole('link', { name: `Report a problem with ${name}` })).toHaveCount(0);
});
