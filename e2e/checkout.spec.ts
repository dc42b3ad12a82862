import { expect, test } from './fixtures';
import { TEST_CARD, TEST_DELIVERY_ADDRESS, expectAddedThenDashboard, signUpViaApi, welcomePrice } from './support';

interface ItemSummary {
  id: number;
  name: string;
  rentalPriceCents: number;
}
interface Item extends ItemSummary {
  sizes: string[];
}

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

// Issue 15: a Weekly member without a card rents, pays, finds the order and its receipt, and
// cancels before the start for a full refund (decision 0030).
test('a weekly member without a card adds one, books with dates and a total, sees the order and receipt, cancels for a refund', async ({
  page,
}) => {
  test.setTimeout(180_000); // the whole of issue 15's flow, on a busy machine too
  await signUpViaApi(page, { fullName: 'Carla Checkout' });
  const list = (await (await page.request.get('/api/items?gender=Women&sort=price-asc&limit=5')).json()) as {
    items: ItemSummary[];
  };
  const item = (await (await page.request.get(`/api/items/${list.items[1]!.id}`)).json()) as Item;
  const size = item.sizes[0]!;
  // Her first rental paid per piece: the welcome offer's price (decision 0056).
  const paid = welcomePrice(item.rentalPriceCents);
  // Starting in three days: before the start the dashboard offers 'Cancel', not 'Return'.
  const from = day(3);
  const to = day(10);

  await page.goto(`/item/${item.id}?from=${from}&to=${to}`);
  await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
  const sizeButton = page.getByRole('group', { name: 'Size' }).getByRole('button', { name: size, exact: true });
  if (item.sizes.length > 1) await sizeButton.click();
  await expect(sizeButton).toHaveAttribute('aria-pressed', 'true');
  const booking = page.getByRole('region', { name: 'Your booking' });
  await expect(booking.getByTestId('booking-dates').locator('time').first()).toHaveAttribute('datetime', from);
  await expect(booking.getByTestId('booking-total')).toHaveText(dollars(paid));

  // No card: the button says so and leads to the card form, which comes back here.
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Add a card to rent' }).click();
  await expect(page).toHaveURL(/\/credit-card\?mode=manage&returnTo=/);
  await expect(page).toHaveTitle('Payment details · Rentique');
  const card = page.getByRole('form', { name: 'Payment information' });
  await card.getByLabel('Cardholder name').fill('Carla Checkout');
  await card.getByLabel('Card number').fill(TEST_CARD.cardNumber);
  await card.getByLabel('Expiry month').selectOption(TEST_CARD.expiryMonth);
  await card.getByLabel('Expiry year').selectOption(TEST_CARD.expiryYear);
  await card.getByLabel('CVV').fill(TEST_CARD.cvv);
  await card.getByLabel('Street address').fill(TEST_CARD.billingAddress.street);
  await card.getByLabel('City').fill(TEST_CARD.billingAddress.city);
  await card.getByLabel('State').fill(TEST_CARD.billingAddress.state);
  await card.getByLabel('ZIP code').fill(TEST_CARD.billingAddress.zipCode);
  await card.getByRole('button', { name: 'Update Payment Information' }).click();

  // Back on the piece, with its dates, size and total.
  await expect(page).toHaveURL(new RegExp(`/item/${item.id}\\?from=${from}&to=${to}`), { timeout: 10_000 });
  await expect(booking.getByTestId('booking-dates').locator('time').first()).toHaveAttribute('datetime', from);
  await expect(booking.getByTestId('booking-total')).toHaveText(dollars(paid));
  await expect(booking.getByText(/ending in 4242/)).toBeVisible();

  // Delivery needs an address: the form is in the booking, and the address stays on her account.
  const address = booking.getByRole('form', { name: 'Delivery address' });
  await address.getByLabel('Full name').fill(TEST_DELIVERY_ADDRESS.recipientName);
  await address.getByLabel('Street address').fill(TEST_DELIVERY_ADDRESS.line1);
  await address.getByLabel('City').fill(TEST_DELIVERY_ADDRESS.city);
  await address.getByLabel('State').selectOption(TEST_DELIVERY_ADDRESS.state);
  await address.getByLabel('ZIP code').fill(TEST_DELIVERY_ADDRESS.zipCode);
  await address.getByRole('button', { name: 'Save address' }).click();
  await expect(booking.getByTestId('delivery-address')).toContainText(TEST_DELIVERY_ADDRESS.line1);

  // The SPEC's flow: 'Add to Cart' -> 'Added to Cart!' -> the dashboard after 1.5 s.
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expectAddedThenDashboard(page);
  const rental = page.getByRole('article', { name: item.name });
  await expect(rental).toBeVisible();
  await expect(rental.getByRole('button', { name: `Cancel ${item.name}` })).toBeVisible();
  await expect(rental.getByRole('button', { name: `Return ${item.name}` })).toHaveCount(0);
  // Not sent yet (it starts today): Cancel states the refund before anything happens.
  await rental.getByRole('button', { name: `Cancel ${item.name}` }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(cancel.getByTestId('cancel-refund')).toHaveText(
    /^You get \$\d+\.\d{2} back in full, to the card it was charged to\.$/,
  );
  await cancel.getByRole('button', { name: 'Keep booking' }).click();
  await expect(cancel).toHaveCount(0);

  // The order history, from the dashboard, and the receipt (the card's last four only).
  await page.getByRole('link', { name: 'Order history and receipts' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page).toHaveTitle('Your orders · Rentique');
  const order = page.getByRole('article', { name: /^Order RT-/ });
  await expect(order).toHaveCount(1);
  await expect(order).toContainText(item.name);
  await expect(order).toContainText(`Size ${size}`);
  await expect(order).toContainText(TEST_DELIVERY_ADDRESS.line1);
  await expect(order.getByTestId('order-charged')).toHaveText(dollars(paid));
  await order.getByRole('link', { name: /^Receipt for order/ }).click();
  await expect(page).toHaveURL(/\/orders\/RT-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  await expect(page.getByTestId('receipt-card')).toHaveText(/ending in 4242/);
  await expect(page.getByTestId('receipt-charged')).toHaveText(dollars(paid));
  expect(await page.locator('main').innerText()).not.toMatch(/4242 ?4242/);
  const receiptUrl = page.url();

  // Cancel before the start: confirmed in a dialog, fully refunded.
  await page.goto('/dashboard');
  await rental.getByRole('button', { name: `Cancel ${item.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByText('Booking cancelled').first()).toBeVisible();
  await expect(rental).toHaveCount(0);

  await expect(async () => {
    await page.goto(receiptUrl);
    await expect(page.getByTestId('receipt-refunded')).toHaveText(dollars(paid), { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.goto('/orders');
  await expect(page.getByRole('article', { name: /^Order RT-/ }).getByText('Cancelled', { exact: true })).toBeVisible();
});
