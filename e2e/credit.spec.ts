import { expect, test } from './fixtures';
import { seriousViolations } from './axe';
import { waitForMail } from './mail';
import { newMemberPage, readyToRentViaApi, signUpViaApi, skipDiscountPopup } from './support';

/*
 * Gift cards and store credit in the browser (issue 28; decision 0063): a gift card bought on
 * /gift-cards with her card, its code read from the e-mail the real SMTP server received, redeemed
 * without JavaScript (the form posts to the route's action) into store credit on /account/credit,
 * which reads well at 390 px with no serious axe violation.
 */

test('a gift card bought, e-mailed, and redeemed without JavaScript into store credit', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { page: buyer } = await newMemberPage(browser, baseURL);
  await signUpViaApi(buyer, { fullName: 'Gemma Giver' });
  await readyToRentViaApi(buyer);
  const to = `gift.${Date.now().toString(36)}@example.com`;
  await buyer.goto('/gift-cards');
  await expect(buyer.getByRole('heading', { level: 1, name: 'Give a gift card' })).toBeVisible();
  await buyer.getByRole('radio', { name: '$50.00' }).check();
  await buyer.getByRole('textbox', { name: "Recipient's name" }).fill('Rosa');
  await buyer.getByRole('textbox', { name: "Recipient's e-mail" }).fill(to);
  await buyer.getByRole('textbox', { name: 'Message (optional)' }).fill('For your next party');
  await buyer.getByRole('button', { name: 'Buy the gift card' }).click();
  await expect(buyer.getByTestId('bought')).toBeVisible();
  await expect(buyer.getByRole('region', { name: 'Gifts you have given' })).toContainText('$50.00 for Rosa');

  const mail = await waitForMail(to, /Gemma sent you a Rentique gift card of \$50\.00/);
  const code = /GIFT-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/.exec(mail.text)![0];

  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  await skipDiscountPopup(context);
  const page = await context.newPage();
  await signUpViaApi(page, { fullName: 'Rosa Recipient' });
  await page.goto('/gift-cards/redeem');
  await page.getByRole('textbox', { name: 'Gift card code' }).fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page).toHaveURL(/\/account\/credit\?redeemed=5000$/);
  await expect(page.getByTestId('credit-balance')).toHaveText('$50.00');
  await expect(page.getByRole('list', { name: 'Credit history' })).toContainText('Gift card');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // A second redemption is refused, in the server's words, at the field.
  await page.goto('/gift-cards/redeem');
  await page.getByRole('textbox', { name: 'Gift card code' }).fill(code);
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByRole('alert')).toHaveText('This gift card has already been redeemed.');
  await context.close();

  const { page: reader } = await newMemberPage(browser, baseURL, 390);
  await signUpViaApi(reader);
  await reader.goto('/account/credit');
  await expect(reader.getByText('No credit yet')).toBeVisible();
  expect(await seriousViolations(reader)).toEqual([]);
});
