import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { waitForMail } from './mail';
import {
  makeStaffWithCli,
  newMemberPage,
  okJson,
  readyToRentViaApi,
  saveAddressViaApi,
  signUpViaApi,
  welcomePrice,
} from './support';

/*
 * Decision 0069 in the browser: a gift month of Monthly bought on /gift-cards with her card, its
 * code read from the e-mail the real SMTP server received, redeemed on /gift-cards/redeem into the
 * recipient's plan (she had none: Monthly for a month, which her account says ends unless she
 * keeps it); and a first rental paid wholly with store credit, booked with no card on file, the
 * credit on the order and its receipt.
 */

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test('a gift month bought, e-mailed, and redeemed into her plan', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { page: buyer } = await newMemberPage(browser, baseURL);
  await signUpViaApi(buyer, { fullName: 'Greta Giver' });
  await readyToRentViaApi(buyer);
  const to = `month.${Date.now().toString(36)}@example.com`;
  await buyer.goto('/gift-cards');
  await buyer
    .getByRole('navigation', { name: 'What to give' })
    .getByRole('link', { name: 'A month of Monthly' })
    .click();
  await expect(buyer).toHaveURL(/\/gift-cards\?gift=month$/);
  const form = buyer.getByRole('form', { name: 'A month of Monthly' });
  await form.getByRole('radio', { name: '5 pieces · $56.66' }).check();
  await form.getByRole('textbox', { name: "Recipient's name" }).fill('Rosa');
  await form.getByRole('textbox', { name: "Recipient's e-mail" }).fill(to);
  await form.getByRole('textbox', { name: 'Message (optional)' }).fill('A month of dresses on me');
  await form.getByRole('button', { name: 'Buy the gift month' }).click();
  await expect(buyer.getByTestId('bought')).toContainText('your gift month is paid');
  await expect(buyer.getByRole('region', { name: 'Gifts you have given' })).toContainText(
    'A month of Monthly (5 pieces, $56.66) for Rosa',
  );

  const mail = await waitForMail(to, /Greta sent you a month of Rentique Monthly \(5 pieces a month\)/);
  expect(mail.text).toContain('A month of dresses on me');
  const code = /GIFT-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/.exec(mail.text)![0];

  const { page, context } = await newMemberPage(browser, baseURL, 390);
  await signUpViaApi(page, { fullName: 'Rosa Recipient' });
  await page.goto('/gift-cards/redeem');
  await page.getByRole('textbox', { name: 'Gift card code' }).fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Redeem' }).click();
  const done = page.getByTestId('gift-month-done');
  await expect(done).toContainText('Your gift month has started: Monthly with 5 pieces a month, nothing to pay, until');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await done.getByRole('link', { name: 'See your plan' }).click();
  const plan = page.getByTestId('your-plan');
  await expect(plan.getByRole('heading', { name: 'Your plan: Monthly, 5 pieces a month' })).toBeVisible();
  await expect(plan).toContainText('A gift month: your plan runs until');
  await expect(plan.getByRole('button', { name: 'Keep my plan' })).toBeVisible();

  // The code redeems once.
  await page.goto('/gift-cards/redeem');
  await page.getByRole('textbox', { name: 'Gift card code' }).fill(code);
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByRole('alert')).toHaveText('This gift card has already been redeemed.');
  await context.close();
});

/** A house piece with a free unit of its last size this week, and its price. */
async function freeHousePiece(page: Page) {
  const list = (await (await page.request.get('/api/items?category=Tops&limit=48')).json()) as {
    items: { id: number }[];
  };
  for (const { id } of list.items) {
    const item = (await (await page.request.get(`/api/items/${id}`)).json()) as {
      id: number;
      name: string;
      sizes: string[];
      fromMember: boolean;
      rentalPriceCents: number;
    };
    if (item.fromMember) continue;
    const size = item.sizes.at(-1)!;
    const q = (await (await page.request.get(`/api/rentals/quote?itemId=${id}&size=${size}`)).json()) as {
      available: boolean;
    };
    if (q.available) return { item, size };
  }
  throw new Error('no free house piece');
}

test('a rental paid wholly with store credit needs no card: the order and receipt show the credit', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { page: staff } = await newMemberPage(browser, baseURL);
  const desk = await signUpViaApi(staff, { fullName: 'Cleo Care' });
  expect(makeStaffWithCli(desk.email)).toContain('is now staff');
  const { page } = await newMemberPage(browser, baseURL);
  const member = await signUpViaApi(page, { fullName: 'Nora Nocard' });
  await saveAddressViaApi(page);
  await okJson(await page.request.put('/api/plans/pickup', { data: { option: 'online' } }));
  await okJson(
    await staff.request.post('/api/ops/credit/goodwill', {
      data: {
        email: member.email,
        amountCents: 50_000,
        reason: 'Welcome from client care',
        idempotencyKey: `e2e-${Date.now()}`,
      },
    }),
    201,
  );
  const { item, size } = await freeHousePiece(page);
  const paid = welcomePrice(item.rentalPriceCents);

  await page.goto(`/item/${item.id}`);
  await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
  const sizeButton = page.getByRole('group', { name: 'Size' }).getByRole('button', { name: size, exact: true });
  if (item.sizes.length > 1) await sizeButton.click();
  const booking = page.getByRole('region', { name: 'Your booking' });
  await expect(booking.getByTestId('booking-total')).toHaveText(dollars(paid));
  await expect(booking.getByTestId('booking-credit')).toContainText(`−${dollars(paid)}`);
  await expect(booking.getByTestId('booking-paid-by-credit')).toHaveText(
    'Paid in full with your store credit when you book: no card needed.',
  );
  await expect(page.getByRole('button', { name: 'Add a card to rent' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });

  await page.goto('/orders');
  const order = page.getByRole('article', { name: /^Order RT-/ });
  await expect(order.getByTestId('order-credit')).toContainText(`−${dollars(paid)}`);
  await order.getByRole('link', { name: /^Receipt for order/ }).click();
  await expect(page.getByTestId('receipt-credit')).toHaveText(`−${dollars(paid)}`);
  await expect(page.getByTestId('receipt-charged')).toHaveText('$0.00');
  await expect(page.getByTestId('receipt-card')).toHaveCount(0);
});
