import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { appPage, expect, test } from './fixtures';
import { makeStaffWithCli, okJson, readyToRentViaApi, signUpViaApi, skipDiscountPopup } from './support';

/*
 * Reporting a problem (decision 0060) in the browser: a renter who received a stained dress (a
 * house piece) reports it with a photo; staff resolve it on the desk with a refund; she sees her
 * refund on the report's page. Once with the app running, once with JavaScript off (the forms
 * post to their pages' actions: they work before the script has loaded).
 */

async function pageOf(browser: Browser, baseURL: string | undefined, js: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js, viewport: { width: 1280, height: 900 } });
  await skipDiscountPopup(context);
  const page = await context.newPage();
  return js ? appPage(page) : page;
}

/** A house dress added by staff, booked by a renter and sent to her; she has received it. */
async function receivedHouseDress(staff: Page, renter: Page, name: string) {
  const piece = await okJson(
    await staff.request.post('/api/ops/items', {
      data: {
        name,
        brand: 'Khaite',
        category: 'Dresses',
        gender: 'Women',
        colour: 'ivory',
        tags: ['evening'],
        description: 'Bias-cut slip dress in silk satin.',
        retailPriceCents: 90_000,
        units: [{ size: 'M', count: 1 }],
      },
    }),
    201,
  );
  const rental = await okJson(
    await renter.request.post('/api/rentals', { data: { itemId: piece.id, size: 'M' } }),
    201,
  );
  const rentalId = rental.id as number;
  await okJson(await staff.request.post(`/api/ops/rentals/${rentalId}/dispatch`));
  await okJson(await renter.request.post(`/api/rentals/${rentalId}/received`));
  return rentalId;
}

for (const js of [true, false]) {
  test(`a renter reports a stained dress with a photo, staff refund it on the desk, she sees her refund (${js ? 'app running' : 'JavaScript off'})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const staff = await pageOf(browser, baseURL, js);
    const staffMember = await signUpViaApi(staff, { fullName: 'Sam Desk' });
    expect(makeStaffWithCli(staffMember.email)).toContain('is now staff');
    const renter = await pageOf(browser, baseURL, js);
    await signUpViaApi(renter, { fullName: 'Rita Renter' });
    await readyToRentViaApi(renter);
    const name = `Stained Slip ${js ? 'A' : 'B'} ${Date.now()}`;
    const rentalId = await receivedHouseDress(staff, renter, name);

    // Her report, with a photo of the stain.
    await renter.goto(`/rentals/${rentalId}/report`);
    const form = renter.getByRole('form', { name: 'Report a problem' });
    await form.getByLabel('Damaged or stained').check();
    await form.getByLabel('What happened').fill('A red wine stain across the front panel.');
    const photo = await sharp({
      create: { width: 600, height: 800, channels: 3, background: { r: 120, g: 30, b: 40 } },
    })
      .png()
      .toBuffer();
    await form
      .getByLabel('Photos (up to 4)')
      .setInputFiles({ name: 'stain.png', mimeType: 'image/png', buffer: photo });
    await form.getByRole('button', { name: 'Send report' }).click();
    const report = renter.getByRole('article', { name: /Report #\d+/ });
    await expect(report).toContainText('Damaged or stained');
    await expect(report).toContainText('Open');
    await expect(report.getByRole('img', { name: 'Photo 1 of the problem' })).toBeVisible();
    // One open report per rental: the form is gone.
    await expect(renter.getByRole('form', { name: 'Report a problem' })).toHaveCount(0);

    // Staff resolve it on the desk with a full refund.
    await staff.goto('/ops/reports');
    const card = staff.getByRole('article', { name: `Report on ${name}` });
    await expect(card).toContainText('A red wine stain across the front panel.');
    await expect(card.getByRole('img', { name: `${name}: photo 1` })).toBeVisible();
    await card.getByLabel('Full refund').check();
    await card.getByLabel('Note for both members').fill('The photo shows the stain: refunded in full.');
    await card.getByRole('button', { name: 'Resolve' }).click();
    await expect(staff.getByRole('article', { name: `Report on ${name}` })).toHaveCount(0);

    // She sees her refund.
    await renter.goto(`/rentals/${rentalId}/report`);
    const resolved = renter.getByRole('article', { name: /Report #\d+/ });
    await expect(resolved).toContainText('Refunded');
    await expect(resolved).toContainText(/Full refund: \$[\d,.]+ refunded to your card/);
    await expect(resolved).toContainText('The photo shows the stain: refunded in full.');
  });
}
