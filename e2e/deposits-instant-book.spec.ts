import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { approvedListingViaApi, newMemberPage, okJson, readyToRentViaApi, signUpViaApi } from './support';

/*
 * Decision 0068 in the browser: a renter sees a member's piece's deposit and its lender's policy
 * before she books, and why Instant Book is not offered to her; the lender puts the piece on
 * Instant Book from her Listing tab; once verified, the renter books it instantly (accepted at
 * once, no request to wait for).
 */
test('the deposit and policy before booking; Instant Book set by the lender, booked at once by a verified renter', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const name = `Bias Silk Gown ${Date.now().toString(36)}`;
  const { lender, staff, itemId } = await approvedListingViaApi(
    browser,
    {
      name,
      brand: 'Khaite',
      category: 'Dresses',
      description: 'A bias-cut silk gown, worn once to a summer wedding.',
      retailPriceCents: 90_000,
      rentalPriceCents: 3_000,
      rgb: { r: 200, g: 170, b: 140 },
    },
    { lender: 'Lena Lender', staff: 'Sam Staff' },
  );
  await okJson(
    await lender.request.put(`/api/protection/items/${itemId}/policy`, {
      data: { minDays: 2, maxDays: 10, cleaning: 'Cool iron only, please.' },
    }),
  );

  // The lender puts it on Instant Book from her Listing tab.
  await lender.goto('/dashboard?tab=listing');
  const card = lender.getByRole('article', { name });
  const instant = card.getByRole('checkbox', { name: /Instant Book/ });
  await expect(instant).not.toBeChecked();
  // The box follows the saved policy: it shows checked once the API has put the piece on Instant Book.
  await instant.click();
  await expect(lender.getByText('Instant Book is on')).toBeVisible();
  await expect(instant).toBeChecked();

  // A renter, not verified yet: the deposit and the policy before she books, and why not Instant Book.
  const { context, page: rita } = await newMemberPage(browser, baseURL);
  await signUpViaApi(rita, { fullName: 'Rita Renter' });
  await readyToRentViaApi(rita);
  await rita.goto(`/item/${itemId}`);
  const terms = rita.getByRole('region', { name: 'Protection and terms' });
  await expect(terms.getByText(/Deposit: \$225\.00 held on your card with your request/)).toBeVisible();
  await expect(terms.getByText(/Rented for 2 to 10 days/)).toBeVisible();
  await expect(terms.getByText('Lender’s care note: Cool iron only, please.')).toBeVisible();
  await expect(rita.getByTestId('booking-terms-note').getByText(/Deposit: \$225\.00/)).toBeVisible();
  await expect(rita.getByRole('button', { name: 'Request to book' })).toBeVisible();
  await expect(rita.getByRole('button', { name: 'Book instantly' })).toHaveCount(0);
  await expect(rita.getByTestId('instant-book-why-not')).toContainText('Instant Book is for verified members');
  await expect(
    rita.getByTestId('instant-book-why-not').getByRole('link', { name: 'Verify your identity' }),
  ).toHaveAttribute('href', '/account/verification');
  expect(await seriousViolations(rita)).toEqual([]);

  // Verified, she books it at once.
  await okJson(
    await rita.request.post('/api/protection/verification', {
      data: { documentType: 'passport', documentNumber: 'P7654321', selfie: true },
    }),
  );
  await rita.reload();
  await rita.getByRole('button', { name: 'Book instantly' }).click();
  await expect(rita).toHaveURL(/\/requests\/\d+$/, { timeout: 10_000 });
  await expect(rita.getByTestId('request-status')).toHaveText('Accepted');

  await context.close();
  for (const page of [lender, staff]) await page.context().close();
});
