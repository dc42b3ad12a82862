import { seriousViolations } from './axe';
import { appPage, expect, test } from './fixtures';
import { approvedListingViaApi, readyToRentViaApi, signUpViaApi } from './support';

/** A day `n` days from today, 'YYYY-MM-DD' (the browser's and the server's day agree far enough ahead). */
const dayFromToday = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/*
 * Decision 0067 in the browser: a lender sets her piece's cancellation policy and notice on its
 * calendar page and blocks her vacation; a renter sees the policy on the item page before she
 * requests, and a request over the blocked days is refused with the reason.
 */
test('a lender sets a cancellation policy and blocked dates; a renter sees the policy before she requests', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const name = `Linen Shirt Dress ${Date.now().toString(36)}`;
  const { lender, staff, itemId } = await approvedListingViaApi(
    browser,
    {
      name,
      brand: 'Toteme',
      category: 'Dresses',
      description: 'Linen shirt dress, worn twice.',
      retailPriceCents: 38_000,
      rentalPriceCents: 3_000,
      rgb: { r: 200, g: 180, b: 150 },
    },
    { lender: 'Pia Lender', staff: 'Sol Staff' },
  );

  await lender.goto(`/lending/calendar/${itemId}`);
  const policy = lender.getByRole('form', { name: 'Your piece’s policy' });
  await policy.getByLabel('Cancellation policy').selectOption('strict');
  await expect(policy).toContainText('Half refunded for a cancellation until 7 days before the start');
  await policy.getByLabel('Notice (days before the start)').fill('3');
  await policy.getByLabel(/Longer-rental discount/).fill('10');
  await policy.getByRole('button', { name: 'Save policy' }).click();
  await expect(lender.locator('[data-sonner-toast]').filter({ hasText: 'Policy saved' })).toBeVisible();

  const from = dayFromToday(20);
  const until = dayFromToday(27);
  const block = lender.getByRole('form', { name: 'Block days' });
  await block.getByLabel('First day unavailable').fill(from);
  await block.getByLabel('Available again from').fill(until);
  await block.getByRole('button', { name: 'Block these days' }).click();
  await expect(lender.getByRole('list', { name: 'Blocked days' }).getByRole('listitem')).toHaveCount(1);
  // Her private calendar feed, ready to copy.
  await expect(lender.getByTestId('feed-url')).toHaveValue(/\/api\/lending\/feed\/[A-Za-z0-9_-]+\.ics$/);
  expect(await seriousViolations(lender)).toEqual([]);

  const renterCtx = await browser.newContext();
  const renter = appPage(await renterCtx.newPage());
  await signUpViaApi(renter, { fullName: 'Rhea Renter' });
  await readyToRentViaApi(renter);
  await renter.goto(`/item/${itemId}`);
  const terms = renter.getByRole('region', { name: 'Protection and terms' });
  await expect(terms.getByTestId('cancellation-policy')).toContainText('Cancellation: Strict');
  await expect(terms).toContainText('Request at least 3 days before the start.');
  await expect(terms).toContainText('Longer rentals: 10% off 14 days or more.');

  const away = await renter.request.post('/api/lending/requests', {
    data: { itemId, size: 'M', startDate: dayFromToday(21), endDate: dayFromToday(28) },
  });
  expect(away.status()).toBe(400);
  expect(((await away.json()) as { error: { message: string } }).error.message).toContain('The lender is away');

  for (const page of [lender, renter, staff]) await page.context().close();
});
