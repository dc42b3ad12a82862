import { expect, test } from './fixtures';
import { seriousViolations } from './axe';
import { makeStaffWithCli, newMemberPage, okJson, readyToRentViaApi, signUpViaApi } from './support';

/*
 * The pre-loved sale in the browser (decision 0066): staff retire a piece to the sale from its
 * unit panel, a member buys it on /pre-loved, it is gone from the sale and on her orders; the desk
 * dispatches it in a parcel with a carrier label, and she follows its tracking on her receipt.
 */

test('staff retire a piece to the sale; a member buys it; it leaves the sale and is on her orders', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000); // staff and a member over the desk, the sale and her receipt: over 60 s beside two other workers
  const name = `Pre-loved Blazer ${Date.now()}`;
  const staff = await newMemberPage(browser, baseURL);
  const staffMember = await signUpViaApi(staff.page, { fullName: 'Sam Staff' });
  expect(makeStaffWithCli(staffMember.email)).toContain('is now staff');
  const piece = await okJson(
    await staff.page.request.post('/api/ops/items', {
      data: {
        name,
        brand: 'The Row',
        category: 'Jackets',
        gender: 'Women',
        colour: 'black',
        tags: ['work'],
        description: 'Wool blazer, single-breasted.',
        retailPriceCents: 180_000,
        units: [{ size: 'M', count: 1 }],
      },
    }),
    201,
  );
  const detail = await okJson(await staff.page.request.get(`/api/ops/items/${piece.id as number}`));
  const code = (detail.units as { code: string }[])[0]!.code;

  // Staff: the unit panel, a price and a condition note.
  await staff.page.goto(`/ops/units/${code}`);
  await staff.page.getByLabel('Price ($)').fill('450');
  await staff.page.getByLabel('Condition note').fill('Worn a handful of times; light wear at the cuffs');
  await staff.page.getByRole('button', { name: 'Retire to sale' }).click();
  await expect(staff.page.getByTestId('unit-on-sale')).toContainText('In the sale at $450.00');

  // A member, on a phone: the sale lists it with its condition; she buys it.
  const buyer = await newMemberPage(browser, baseURL, 390);
  await signUpViaApi(buyer.page, { fullName: 'Bea Buyer' });
  await readyToRentViaApi(buyer.page);
  await buyer.page.goto('/pre-loved');
  await expect(buyer.page).toHaveTitle(/Pre-loved/);
  const card = buyer.page.getByRole('article', { name });
  await expect(card).toContainText('light wear at the cuffs');
  await expect(card).toContainText('Size M');
  expect(await seriousViolations(buyer.page)).toEqual([]);
  await card.getByRole('button', { name: `Buy it for $450.00: ${name}` }).click();

  await expect(buyer.page).toHaveURL(/\/orders\/RT-/);
  const receipt = new URL(buyer.page.url()).pathname;
  await expect(buyer.page.getByTestId('receipt-bought')).toContainText(name);
  await buyer.page.goto('/orders');
  await expect(buyer.page.getByTestId('order-bought').filter({ hasText: name })).toBeVisible();
  await buyer.page.goto('/pre-loved');
  await expect(buyer.page.getByRole('article', { name })).toHaveCount(0);

  // The desk sees it to send.
  await staff.page.goto('/ops/pre-loved');
  const out = staff.page.getByTestId('sendoff').filter({ hasText: name });
  await expect(out).toContainText('Sold to Bea Buyer');
  await out.getByRole('button', { name: /Mark dispatched/ }).click();
  await expect(staff.page.getByTestId('sendoff').filter({ hasText: name })).toContainText('Dispatched');

  // It went out in a parcel with the carrier's label: the desk reads its tracking number, and she
  // follows it on her receipt.
  const tracking = staff.page.getByTestId('sendoff').filter({ hasText: name }).getByTestId('sendoff-tracking');
  await expect(tracking).toContainText(/RTQ[0-9A-F]{12}/);
  const number = /RTQ[0-9A-F]{12}/.exec((await tracking.textContent()) ?? '')![0];
  expect(await seriousViolations(staff.page)).toEqual([]);
  await buyer.page.goto(receipt);
  await expect(buyer.page.getByTestId('receipt-bought-tracking')).toContainText(number);
  await expect(buyer.page.getByTestId('parcel-outbound').getByTestId('tracking-number')).toHaveText(number);
  expect(await seriousViolations(buyer.page)).toEqual([]);
});
