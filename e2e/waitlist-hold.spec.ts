import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import {
  businessDayFrom,
  newMemberPage,
  okJson,
  rentedPiece,
  TEST_CARD,
  TEST_DELIVERY_ADDRESS,
  readyToRentViaApi,
  signUpViaApi,
} from './support';

/**
 * The first customer's blocker (a held piece a member who never chose delivery or pickup could
 * not confirm) and the waitlist reached from the item calendar: the hold's dialog asks how the
 * piece reaches her (delivery with the address form, or a studio), her account has an "Addresses
 * and pickup" page, and sold-out days in the calendar are marked and offer 'Join the waitlist'.
 * SHOTS_DIR=/some/dir also writes screenshots at 390 and 1280 px.
 */
const SHOTS = process.env.SHOTS_DIR;

const newPage = newMemberPage;
const ok = okJson;
// Days count in the business's time zone (decision 0047): the calendar's today is New York's.
const isoDay = businessDayFrom;

/** Screenshots of `target` at 1280 and 390 px (the page's own width is put back). */
async function shoot(page: Page, target: Locator, name: string, fullPage = false) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect(target).toBeVisible();
    await target.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300); // the layout settles after the resize
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * A member with a card and nothing else (no address, no delivery or pickup chosen) waits for the
 * piece; the other member cancels, and the sweep holds it for her.
 */
async function heldForNewMember(browser: Browser, baseURL: string | undefined, name: string) {
  const { itemId, rentalId, holder } = await rentedPiece(browser, baseURL, name, {
    startDate: isoDay(1),
    endDate: isoDay(8),
  });
  const { page } = await newPage(browser, baseURL);
  await signUpViaApi(page, { fullName: 'Nia Nochoice' });
  await ok(await page.request.put('/api/plans/payment-method', { data: TEST_CARD }));
  expect(await (await page.request.get('/api/plans/pickup')).json()).toMatchObject({ option: null });
  const from = isoDay(2);
  await ok(
    await page.request.post('/api/waitlist', { data: { itemId, size: 'M', startDate: from, endDate: isoDay(9) } }),
    201,
  );
  await ok(await holder.request.post(`/api/rentals/${rentalId}/cancel`));
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/waitlist')).json()) as { entries: { status: string }[] }).entries[0]
          ?.status,
      { timeout: 30_000 },
    )
    .toBe('held');
  await page.goto('/dashboard');
  const entry = page.getByRole('article', { name: `${name}, size M` });
  await expect(entry.getByText('Held for you')).toBeVisible();
  await entry.getByRole('button', { name: `Confirm ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your held piece' });
  await expect(dialog).toBeVisible();
  return { itemId, from, page, dialog };
}

async function rentalsOf(page: Page) {
  return (
    (await ok(await page.request.get('/api/rentals'))).rentals as {
      itemId: number;
      startDate: string;
      pickupOption: string;
    }[]
  ).map((r) => [r.itemId, r.startDate, r.pickupOption]);
}

test('a held piece, no address and no choice yet: she chooses delivery, adds her address in the dialog and confirms', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = `Hold Delivery Dress ${Date.now().toString(36)}`;
  const { itemId, from, page, dialog } = await heldForNewMember(browser, baseURL, name);

  // Delivery first; without an address the dialog asks for one and waits.
  await expect(dialog.getByRole('radio', { name: 'Delivery' })).toBeChecked();
  const confirm = dialog.getByRole('button', { name: 'Confirm with delivery' });
  await expect(confirm).toBeDisabled();
  await expect(dialog.getByText('Save a delivery address to confirm.')).toBeVisible();
  const form = dialog.getByRole('form', { name: 'Delivery address' });
  await form.getByLabel('Full name').fill(TEST_DELIVERY_ADDRESS.recipientName);
  await form.getByLabel('Street address').fill(TEST_DELIVERY_ADDRESS.line1);
  await form.getByLabel('City').fill(TEST_DELIVERY_ADDRESS.city);
  await form.getByLabel('State').selectOption(TEST_DELIVERY_ADDRESS.state);
  await form.getByLabel('ZIP code').fill(TEST_DELIVERY_ADDRESS.zipCode);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await shoot(page, dialog, 'hold-dialog-delivery-form');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog.getByTestId('delivery-address')).toContainText(TEST_DELIVERY_ADDRESS.line1);
  await shoot(page, dialog, 'hold-dialog-delivery-saved');
  expect(await seriousViolations(page), 'the hold dialog').toEqual([]);

  await confirm.click();
  await expect(page.getByText('Booked from your waitlist hold')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await rentalsOf(page)).toEqual([[itemId, from, 'online']]);
  // The address is on her account now, on "Addresses and pickup".
  await page.goto('/account');
  await page.getByRole('link', { name: /Addresses and pickup/ }).click();
  await expect(page).toHaveURL(/\/account\/addresses$/);
  await expect(page.getByTestId('delivery-address')).toContainText(TEST_DELIVERY_ADDRESS.line1);
});

test('a held piece, no address and no choice yet: she picks a studio in the dialog and confirms; her account page keeps a studio as her choice', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = `Hold Studio Dress ${Date.now().toString(36)}`;
  const { itemId, from, page, dialog } = await heldForNewMember(browser, baseURL, name);

  await dialog.getByRole('radio', { name: 'Studio pickup' }).check();
  await dialog.getByRole('combobox', { name: 'Studio' }).selectOption({ label: 'Rentique Williamsburg' });
  await expect(dialog.getByTestId('studio-details')).toContainText('245 Wythe Avenue');
  await shoot(page, dialog, 'hold-dialog-studio');
  expect(await seriousViolations(page), 'the hold dialog with a studio').toEqual([]);
  await dialog.getByRole('button', { name: 'Confirm with studio pickup' }).click();
  await expect(page.getByText('Booked from your waitlist hold')).toBeVisible();
  expect(await rentalsOf(page)).toEqual([[itemId, from, 'in-store']]);

  // "Addresses and pickup": no address yet (the form), and a studio saved as her usual choice.
  await page.goto('/account/addresses');
  await expect(page).toHaveTitle('Addresses and pickup · Rentique');
  await expect(page.getByRole('form', { name: 'Delivery address' })).toBeVisible();
  const choice = page.getByRole('form', { name: 'Delivery or pickup' });
  await choice.getByRole('radio', { name: 'In-Store Pickup' }).check();
  await choice.getByRole('combobox', { name: 'Studio' }).selectOption({ label: 'Rentique Williamsburg' });
  await choice.getByRole('button', { name: 'Save my choice' }).click();
  await expect(page.getByText('Your choice is saved')).toBeVisible();
  const studios = (
    (await ok(await page.request.get('/api/orders/studios'))).studios as { id: number; name: string }[]
  ).filter((s) => s.name === 'Rentique Williamsburg');
  expect(await (await page.request.get('/api/plans/pickup')).json()).toMatchObject({
    option: 'in-store',
    studioId: studios[0]!.id,
  });
  expect(await seriousViolations(page), '/account/addresses').toEqual([]);
  await shoot(page, page.getByRole('heading', { name: 'Addresses and pickup' }), 'account-addresses', true);
});

test('the item calendar marks sold-out days (unlike past days), and choosing one offers Join the waitlist', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = `Calendar Slip Dress ${Date.now().toString(36)}`;
  const { itemId } = await rentedPiece(browser, baseURL, name, null);
  const { page } = await newPage(browser, baseURL);
  await signUpViaApi(page, { fullName: 'Cal Endar' });
  await readyToRentViaApi(page);
  await page.goto(`/item/${itemId}?size=M`);

  // It opens on the first free dates, after the days sold out (opened at each width for the screenshots).
  for (const width of SHOTS ? [390, 1280] : []) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.getByTestId('booking-dates').scrollIntoViewIfNeeded();
    await page.getByTestId('booking-dates').click();
    await expect(page.getByTestId('sold-out-legend')).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/calendar-sold-out-${width}.png` });
    await page.keyboard.press('Escape');
  }
  await page.getByTestId('booking-dates').click();
  await expect(page.getByTestId('sold-out-legend')).toBeVisible();
  const day = (iso: string) => page.locator(`[data-day="${iso}"]:not([data-outside])`);
  /** Turns the calendar to the month of `iso` (it opens on the first free dates' month). */
  const showMonthOf = async (iso: string) => {
    for (let i = 0; i < 3 && !(await day(iso).isVisible()); i++) {
      const shown = new Date(`${await page.locator('.rdp-caption_label').first().textContent()} 1 UTC`);
      const wanted = new Date(`${iso.slice(0, 7)}-01T00:00:00Z`);
      await page
        .getByRole('button', { name: wanted < shown ? 'Go to the Previous Month' : 'Go to the Next Month' })
        .click();
    }
  };
  const soldOut = day(isoDay(1));
  await showMonthOf(isoDay(1));
  await expect(soldOut.getByRole('button')).toHaveAccessibleName(/, sold out, join the waitlist$/);
  await expect(soldOut.getByRole('button')).toBeEnabled();
  // A past day is faded and cannot be chosen; it says nothing of a waitlist.
  const past = day(isoDay(-1));
  if (await past.isVisible()) {
    await expect(past.getByRole('button')).toBeDisabled();
    await expect(past.getByRole('button')).not.toHaveAccessibleName(/sold out/);
  }

  // A click picks the start and keeps the week (nextRange); 'Use these dates' applies it.
  await soldOut.getByRole('button').click();
  await page.getByRole('button', { name: 'Use these dates' }).click();
  await expect(page.getByTestId('booking-dates').locator('time').first()).toHaveAttribute('datetime', isoDay(1));
  const join = page.getByRole('button', { name: 'Join the waitlist' });
  await expect(join).toBeVisible();
  await join.click();
  await expect(page.getByText("You're on the waitlist").first()).toBeVisible();
  const entries = (
    (await ok(await page.request.get('/api/waitlist'))).entries as { itemId: number; startDate: string }[]
  ).map((e) => [e.itemId, e.startDate]);
  expect(entries).toEqual([[itemId, isoDay(1)]]);
});
