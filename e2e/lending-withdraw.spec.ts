import { seriousViolations } from './axe';
import { appPage, expect, test } from './fixtures';
import { approvedListingViaApi, readyToRentViaApi, signUpViaApi } from './support';

/*
 * Decision 0041 in the browser: the renter withdraws her pending request from its page, through
 * a confirmation dialog that keeps the focus and says the card hold is released; a toast, the
 * status 'Withdrawn', and the lender sees it withdrawn on /requests with nothing to answer.
 */
test('the renter withdraws her pending request from its page', async ({ browser }) => {
  test.setTimeout(180_000);
  const name = `Silk Tea Dress ${Date.now().toString(36)}`;
  const { lender, staff, itemId } = await approvedListingViaApi(
    browser,
    {
      name,
      brand: 'Rixo',
      category: 'Dresses',
      description: 'Silk tea dress, worn once to a garden party.',
      retailPriceCents: 42_000,
      rentalPriceCents: 2_500,
      rgb: { r: 40, g: 70, b: 90 },
    },
    { lender: 'Wren Lender', staff: 'Sol Staff' },
  );

  const renterCtx = await browser.newContext();
  const renter = appPage(await renterCtx.newPage());
  await signUpViaApi(renter, { fullName: 'Willa Renter' });
  await readyToRentViaApi(renter);
  const made = await renter.request.post('/api/lending/requests', { data: { itemId, size: 'M' } });
  expect(made.status(), await made.text()).toBe(201);
  const { rentalId } = (await made.json()) as { rentalId: number };

  await renter.goto(`/requests/${rentalId}`);
  await expect(renter.getByTestId('request-status')).toHaveText('Waiting for the lender');
  const trigger = renter.getByRole('button', { name: `Withdraw request: ${name}` });
  await trigger.click();
  const dialog = renter.getByRole('dialog', { name: 'Withdraw this request?' });
  await expect(dialog).toContainText('The hold of $25.00 on your card is released: nothing is charged.');
  await expect(dialog.getByRole('button', { name: 'Keep request' })).toBeFocused();
  expect(await seriousViolations(renter)).toEqual([]);
  // Keeping it changes nothing and gives the focus back.
  await renter.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(trigger).toBeFocused();
  await expect(renter.getByTestId('request-status')).toHaveText('Waiting for the lender');

  await trigger.click();
  await dialog.getByRole('button', { name: 'Withdraw request' }).click();
  await expect(renter.locator('[data-sonner-toast]').filter({ hasText: 'Request withdrawn' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(renter.getByTestId('request-status')).toHaveText('Withdrawn');
  await expect(renter.getByRole('button', { name: /Withdraw request/ })).toHaveCount(0);

  await lender.goto('/requests');
  const card = lender.getByRole('article', { name: new RegExp(`${name}, requested by Willa Renter`) });
  await expect(card.getByTestId('request-status')).toHaveText('Withdrawn');
  await expect(card.getByRole('button', { name: `Accept: ${name}` })).toHaveCount(0);

  for (const page of [lender, renter, staff]) await page.context().close();
});
