import { appPage, expect, test } from './fixtures';
import sharp from 'sharp';
import { approveViaApi, makeStaffWithCli, readyToRentViaApi, signUpViaApi, verifyViaApi } from './support';

test('list an item with a photo, staff approve it, see it in /browse as another member, request it, the lender accepts, and she earns', async ({
  browser,
}) => {
  test.setTimeout(180_000); // a lender, staff and a renter over many pages: alone 28 s, beside two other workers over 60 s
  const name = `Linen Wrap Dress ${Date.now().toString(36)}`;
  const photo = await sharp({
    create: { width: 800, height: 1000, channels: 3, background: { r: 200, g: 170, b: 140 } },
  })
    .jpeg()
    .toBuffer();

  // The lender lists a piece from the dashboard's Listing tab.
  const lenderCtx = await browser.newContext();
  const lender = appPage(await lenderCtx.newPage());
  await signUpViaApi(lender, { fullName: 'Lena Lender' });
  await verifyViaApi(lender); // lending asks a verified identity (decision 0068)
  await lender.goto('/dashboard');
  await expect(lender.getByTestId('total-earnings')).toHaveText('$0.00');
  await lender.getByRole('tab', { name: 'Listing' }).click();
  await lender.getByRole('button', { name: 'List an item' }).click();
  const form = lender.getByRole('form', { name: 'List an item' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Brand').fill('Arket');
  await form.getByLabel('Category').selectOption('Dresses');
  await expect(form.getByLabel('Rental price per week (USD)')).toHaveValue('29.99');
  await form.getByLabel('Gender').selectOption('Women');
  await form.getByText('M', { exact: true }).click();
  await form.getByLabel('Description').fill('Washed linen wrap dress, midi length, worn once to a wedding.');
  await form.getByLabel('Retail price (USD)').fill('189');
  await form.getByLabel('Rental price per week (USD)').fill('20.00');
  await form.locator('input[type=file]').setInputFiles({ name: 'dress.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(form.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  // She lends this one herself (decision 0062): the request flow below.
  await form.getByRole('radio', { name: /I lend it myself/ }).check();
  await form.getByRole('button', { name: 'Submit for review' }).click();
  await expect(lender.getByText('Listing sent for review').first()).toBeVisible();
  const card = lender.getByRole('article', { name });
  await expect(card.getByText('In review')).toBeVisible();
  await expect(card.getByTestId('listing-earnings')).toHaveText('$0.00');

  // Staff (made with the staff command) approve it; it is then available.
  const staffCtx = await browser.newContext();
  const staff = appPage(await staffCtx.newPage());
  const staffMember = await signUpViaApi(staff, { fullName: 'Sam Staff' });
  makeStaffWithCli(staffMember.email);
  const mine = (await (await lender.request.get('/api/listings')).json()) as {
    listings: { id: number; name: string }[];
  };
  await approveViaApi(staff, mine.listings.find((l) => l.name === name)!.id);
  await lender.reload();
  await lender.getByRole('tab', { name: 'Listing' }).click();
  await expect(card.getByText('Available')).toBeVisible();

  // Another member finds it in /browse and rents it.
  const renterCtx = await browser.newContext();
  const renter = appPage(await renterCtx.newPage());
  await signUpViaApi(renter, { fullName: 'Rita Renter' });
  await readyToRentViaApi(renter);
  await renter.goto(`/browse?q=${encodeURIComponent(name)}`);
  await renter
    .getByRole('link', { name: new RegExp(name) })
    .first()
    .click();
  // A client navigation on a loaded 2-core machine (three workers, Chromium) once took over 10 s.
  await expect(renter.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
  const img = renter.locator(`img[src*="/api/listings/"]`).first();
  await expect(img).toBeVisible();
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  // A member's piece is requested (decision 0035); the lender accepts.
  await renter.getByRole('button', { name: 'Request to book' }).click();
  await expect(renter).toHaveURL(/\/requests\/\d+$/, { timeout: 10_000 });
  const incoming = (await (await lender.request.get('/api/lending/requests')).json()) as { incoming: { id: number }[] };
  expect((await lender.request.post(`/api/lending/requests/${incoming.incoming[0]!.id}/accept`)).status()).toBe(200);
  await renter.goto('/dashboard');
  await expect(renter.getByRole('article', { name })).toBeVisible();

  // The lender sees it rented by Rita, and her earnings: 70% of $20.00.
  await lender.reload();
  await expect(lender.getByTestId('total-earnings')).toHaveText('$14.00');
  await lender.getByRole('tab', { name: 'Listing' }).click();
  await expect(card.getByText('Rented by Rita')).toBeVisible();
  await expect(card.getByTestId('listing-earnings')).toHaveText('$14.00');

  await lenderCtx.close();
  await renterCtx.close();
  await staffCtx.close();
});
