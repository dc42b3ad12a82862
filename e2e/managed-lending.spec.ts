import sharp from 'sharp';
import { appPage, expect, test } from './fixtures';
import { businessDayFrom, makeStaffWithCli, okJson, readyToRentViaApi, signUpViaApi, verifyViaApi } from './support';

/*
 * Managed lending (decision 0062), kept lean: she lists a piece as "Rentique looks after it",
 * books its pickup; the desk receives, checks and cleans it; a renter books it at once; it comes
 * back; she sees her earnings, then asks for it back.
 */
test('a managed piece: listed, collected, checked, cleaned, booked at once, back, earned, recalled', async ({
  browser,
}) => {
  test.setTimeout(300_000); // many pages and three members, on a busy machine too
  const name = `Silk Column Dress ${Date.now().toString(36)}`;
  const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: { r: 120, g: 90, b: 80 } } })
    .jpeg()
    .toBuffer();
  const lender = appPage(await (await browser.newContext()).newPage());
  await signUpViaApi(lender, { fullName: 'Mara Managed' });
  await verifyViaApi(lender); // lending asks a verified identity (decision 0068)
  await lender.goto('/dashboard');
  await lender.getByRole('tab', { name: 'Listing' }).click();
  await lender.getByRole('button', { name: 'List an item' }).click();
  const form = lender.getByRole('form', { name: 'List an item' });
  await expect(form.getByRole('radio', { name: /Rentique looks after it/ })).toBeChecked();
  await expect(form.getByTestId('lending-commission')).toContainText('collection, cleaning, storage');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Brand').fill('Khaite');
  await form.getByLabel('Category').selectOption('Dresses');
  await form.getByLabel('Gender').selectOption('Women');
  await form.getByText('M', { exact: true }).click();
  await form.getByLabel('Description').fill('Silk column dress, floor length, worn once to a gala.');
  await form.getByLabel('Retail price (USD)').fill('400');
  await form.getByLabel('Rental price per week (USD)').fill('40.00');
  await form.locator('input[type=file]').setInputFiles({ name: 'd.jpg', mimeType: 'image/jpeg', buffer: photo });
  await form.getByRole('button', { name: 'Submit for review' }).click();
  await expect(lender.getByText('Listing sent for review').first()).toBeVisible();

  const staff = appPage(await (await browser.newContext()).newPage());
  makeStaffWithCli((await signUpViaApi(staff, { fullName: 'Sam Staff' })).email);
  const mine = (await (await lender.request.get('/api/listings')).json()) as {
    listings: { id: number; name: string }[];
  };
  const itemId = mine.listings.find((l) => l.name === name)!.id;
  await okJson(await staff.request.post(`/api/ops/listings/${itemId}/approve`));

  // She books the pickup from her card.
  await lender.reload();
  await lender.getByRole('tab', { name: 'Listing' }).click();
  const card = lender.getByRole('article', { name });
  await card.getByLabel('Pickup day').fill(businessDayFrom(2));
  await card.getByLabel('Your address (for a pickup)').fill('4 Rue des Archives, 75004 Paris');
  await card.getByRole('button', { name: 'Book the pickup' }).click();
  await expect(card.getByTestId('managed-stage')).toHaveText('Pickup booked');
  await expect(card.getByTestId('managed-answer')).toContainText('Pickup booked: we collect it on');
  // Her pickup has the carrier's label: its tracking number, not "label pending".
  await expect(card.getByTestId('managed-tracking')).toContainText(/Tracking RTQ/);

  // The desk receives, checks against her photos, and cleans it.
  await staff.goto('/ops/managed');
  const incoming = staff.getByRole('article', { name });
  await expect(incoming.getByTestId('intake-tracking')).toContainText(/Tracking RTQ/);
  await incoming.getByRole('button', { name: 'Mark received' }).click();
  await expect(staff.getByTestId('desk-answer')).toContainText(`${name}: received`);
  await incoming.getByLabel('Condition against her photos').fill('As in her photos.');
  await incoming.getByRole('button', { name: 'Accept' }).click();
  await incoming.getByRole('button', { name: 'Cleaned: put live' }).click();
  await expect(incoming).toBeHidden();

  // A renter books it at once (no request), and it comes back through the desk.
  const renter = appPage(await (await browser.newContext()).newPage());
  await signUpViaApi(renter, { fullName: 'Rita Renter' });
  await readyToRentViaApi(renter);
  const rental = await okJson(
    await renter.request.post('/api/rentals', {
      data: { itemId, size: 'M', startDate: businessDayFrom(0), endDate: businessDayFrom(7) },
    }),
    201,
  );
  await okJson(await staff.request.post(`/api/ops/rentals/${rental.id as number}/dispatch`));
  const code = (
    (await okJson(await staff.request.get(`/api/ops/rentals/${rental.id as number}`))) as { unitCode: string }
  ).unitCode;
  await okJson(await staff.request.post(`/api/ops/units/${code}/check-in`, { data: { condition: 'good' } }));
  await okJson(await staff.request.post(`/api/ops/units/${code}/cleaning-done`));

  // She sees her earnings, then asks for it back.
  await lender.reload();
  await lender.getByRole('tab', { name: 'Listing' }).click();
  await expect(card.getByTestId('listing-earnings')).not.toHaveText('$0.00');
  await expect(card.getByTestId('managed-term')).toContainText('Stored with us until');
  await card.locator('summary', { hasText: 'Ask for it back' }).click();
  await card.getByLabel('Day it comes back to you').fill(businessDayFrom(10));
  await card.getByLabel('Send it to', { exact: true }).fill('4 Rue des Archives, 75004 Paris');
  await card.getByRole('button', { name: 'Send it back to me' }).click();
  await expect(card.getByTestId('managed-stage')).toHaveText('Coming back to you');
});
