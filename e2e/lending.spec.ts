import { seriousViolations } from './axe';
import { appPage, expect, test } from './fixtures';
import { approvedListingViaApi, readyToRentViaApi, signUpViaApi } from './support';

/*
 * Issue 18 part A in the browser, two members and staff: a listing approved by staff, requested
 * from its item page ('Request to book'), accepted by the lender, a conversation, the handover
 * (sent, received, returned, back, cleaned). Ratings and payouts are part B.
 */
test('list, staff approve, request, the lender accepts, messages, handover and return', async ({ browser }) => {
  test.setTimeout(300_000);
  const name = `Velvet Opera Coat ${Date.now().toString(36)}`;
  const { lender, staff, itemId } = await approvedListingViaApi(
    browser,
    {
      name,
      brand: 'Erdem',
      category: 'Jackets',
      description: 'Velvet opera coat, worn once to the ballet.',
      retailPriceCents: 98_000,
      rentalPriceCents: 2_000,
      rgb: { r: 90, g: 40, b: 60 },
    },
    { lender: 'Lou Lender', staff: 'Sam Staff' },
  );

  // The renter requests it from the item page: 'Request to book' with the 48-hour rule.
  const renterCtx = await browser.newContext();
  const renter = appPage(await renterCtx.newPage());
  await signUpViaApi(renter, { fullName: 'Rita Renter' });
  await readyToRentViaApi(renter);
  await renter.goto(`/item/${itemId}`);
  await expect(renter.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(renter.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await expect(renter.getByText('The lender has 48 hours to accept.', { exact: false })).toBeVisible();
  await expect(renter.getByText('$20.00').first()).toBeVisible();
  await renter.getByRole('button', { name: 'Request to book' }).click();
  await expect(renter).toHaveURL(/\/requests\/\d+$/, { timeout: 10_000 });
  await expect(renter.getByTestId('request-status')).toHaveText('Waiting for the lender');
  await renter.getByLabel('Message to Lou').fill('Hello Lou! Could I collect it on Friday?');
  await renter.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(
    renter.getByRole('list', { name: 'Messages' }).getByText('Hello Lou! Could I collect it on Friday?'),
  ).toBeVisible();

  // The lender sees the request with its countdown and the unread message, accepts, replies.
  await lender.goto('/requests');
  const card = lender.getByRole('article', { name: new RegExp(`${name}, requested by Rita Renter`) });
  await expect(card.getByTestId('countdown')).toHaveText(/Answer within (47|48) h/);
  await expect(card.getByRole('link', { name: /Messages with Rita Renter .*1 unread/ })).toBeVisible();
  expect(await seriousViolations(lender)).toEqual([]);
  await card.getByRole('button', { name: `Accept: ${name}` }).click();
  await expect(card.getByTestId('request-status')).toHaveText('Accepted');
  await card.getByRole('link', { name: /Messages with Rita Renter/ }).click();
  await expect(lender.getByText('Hello Lou! Could I collect it on Friday?')).toBeVisible();
  await lender.getByLabel('Message to Rita').fill('Of course, see you Friday.');
  await lender.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(lender.getByRole('list', { name: 'Messages' }).getByText('Of course, see you Friday.')).toBeVisible();
  expect(await seriousViolations(lender)).toEqual([]);

  // Handover: the lender sends it, the renter receives and returns it.
  await lender.getByRole('button', { name: `Mark sent: ${name}` }).click();
  await expect(lender.getByText('On its way')).toBeVisible();
  await renter.goto('/requests');
  await renter.getByRole('tab', { name: 'Your requests' }).click();
  const mine = renter.getByRole('article', { name: new RegExp(`${name}, from Lou Lender`) });
  await expect(mine.getByTestId('request-status')).toHaveText('Accepted');
  await mine.getByRole('button', { name: `Mark received: ${name}` }).click();
  await expect(mine.getByText('With the renter')).toBeVisible();
  await mine.getByRole('button', { name: `Return: ${name}` }).click();
  await expect(mine.getByText('On its way back')).toBeVisible();

  // Back with the lender: the cleaning window, then cleaned.
  await lender.goto('/requests');
  await card.getByRole('button', { name: `Mark back: ${name}` }).click();
  await expect(card.getByText('Back: cleaning')).toBeVisible();
  await card.getByRole('button', { name: `Mark cleaned: ${name}` }).click();
  await expect(card.getByText('Done')).toBeVisible();

  for (const page of [lender, renter, staff]) await page.context().close();
});
