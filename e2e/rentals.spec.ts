import { expect, test } from './fixtures';
import { expectAddedThenDashboard, readyToRentViaApi, signUpViaApi } from './support';

interface ItemSummary {
  id: number;
  name: string;
}

test('rent an item from its page, see it on the dashboard, reload, extend, cancel (not sent: no Return)', async ({
  page,
}) => {
  test.setTimeout(120_000); // two bookings and an extension, each charged through the payment provider
  await signUpViaApi(page, { fullName: 'Renata Renter' });
  await readyToRentViaApi(page);
  const list = (await (await page.request.get('/api/items?gender=Women&sort=price-desc&limit=5')).json()) as {
    items: ItemSummary[];
  };
  const item = list.items[2]!;

  await page.goto(`/item/${item.id}`);
  await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
  const sizes = page.getByRole('group', { name: 'Size' }).getByRole('button');
  if ((await sizes.count()) > 1) await sizes.first().click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expectAddedThenDashboard(page);

  await expect(page.getByRole('heading', { name: 'Welcome back, Renata' })).toBeVisible();
  const rental = page.getByRole('article', { name: item.name });
  await expect(rental).toBeVisible();
  await page.reload();
  await expect(rental).toBeVisible();
  const returnDate = rental.getByTestId('return-date');
  const before = await returnDate.getAttribute('datetime');
  expect(before).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  await rental.getByRole('button', { name: /^Extend/ }).click();
  await expect(page.getByText('Rental extended').first()).toBeVisible();
  const expected = new Date(`${before}T00:00:00Z`);
  expected.setUTCDate(expected.getUTCDate() + 7);
  await expect(returnDate).toHaveAttribute('datetime', expected.toISOString().slice(0, 10));
  await expect(page.getByTestId('water-saved')).not.toHaveText(/^0/);

  // Not sent yet: no Return, but Cancel, which states the refund (the booking and the extension) first.
  await expect(rental.getByRole('button', { name: /^Return/ })).toHaveCount(0);
  await rental.getByRole('button', { name: /^Cancel/ }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(cancel.getByTestId('cancel-refund')).toContainText('back in full');
  await cancel.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByText('Booking cancelled').first()).toBeVisible();
  await expect(rental).toHaveCount(0);
  await expect(page.getByText('Nothing rented yet')).toBeVisible();

  // The item page now lets her rent it again; renting it twice at once is refused with the SPEC's words.
  await page.goto(`/item/${item.id}`);
  // Wait for the item before counting its sizes (a count does not wait).
  await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
  if ((await sizes.count()) > 1) await sizes.first().click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expectAddedThenDashboard(page);
  await page.goto(`/item/${item.id}`);
  await expect(page.getByRole('button', { name: 'Already Rented' })).toBeDisabled();
});
