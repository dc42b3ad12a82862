import sharp from 'sharp';
import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import { businessDayFrom, makeStaffWithCli, signUpViaApi, verifyViaApi } from './support';

/*
 * Managed lending's forms with JavaScript off (decision 0070): what a lender and the desk get when
 * the app's script has not run yet, or never runs. Each form posts to its page's action, which
 * calls the same API and draws the page again with its answer. She books the pickup and sets her
 * travelling date, the desk receives, checks and puts the piece live, and she asks for it back.
 */
async function noScriptPage(browser: Browser, baseURL: string | undefined, width: number) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width, height: 900 } });
  return context.newPage();
}

test('without JavaScript: book a pickup, the desk brings it in, and she recalls it', async ({ browser, baseURL }) => {
  test.setTimeout(180_000); // many pages and three members, on a busy machine too
  const name = `Linen Wrap Dress ${Date.now().toString(36)}`;
  const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: { r: 90, g: 110, b: 80 } } })
    .jpeg()
    .toBuffer();
  const lender = await noScriptPage(browser, baseURL, 390);
  await signUpViaApi(lender, { fullName: 'Nina Noscript' });
  await verifyViaApi(lender); // lending asks a verified identity (decision 0068)
  const listed = await lender.request.post('/api/listings', {
    multipart: {
      data: JSON.stringify({
        name,
        brand: 'Toteme',
        category: 'Dresses',
        description: 'Linen wrap dress, midi length, worn twice.',
        retailPriceCents: 32_000,
        rentalPriceCents: 3_500,
        gender: 'Women',
        sizes: ['M'],
        handover: 'pickup',
        lendingMode: 'managed',
      }),
      photos: { name: 'piece.jpg', mimeType: 'image/jpeg', buffer: photo },
    },
  });
  expect(listed.status(), await listed.text()).toBe(201);
  const itemId = ((await listed.json()) as { id: number }).id;
  const staff = await noScriptPage(browser, baseURL, 1280);
  makeStaffWithCli((await signUpViaApi(staff, { fullName: 'Stan Noscript' })).email);
  expect((await staff.request.post(`/api/ops/listings/${itemId}/approve`)).ok()).toBe(true);

  // Her pickup, from the Listing tab as the server draws it.
  await lender.goto('/dashboard?tab=listing');
  let card = lender.getByRole('article', { name });
  await card.getByLabel('Pickup day').fill(businessDayFrom(2));
  await card.getByLabel('Your address (for a pickup)').fill('12 Quai de Valmy, 75010 Paris');
  await card.getByRole('button', { name: 'Book the pickup' }).click();
  await expect(lender).toHaveURL(/\/dashboard\?tab=listing$/);
  card = lender.getByRole('article', { name });
  await expect(card.getByTestId('managed-stage')).toHaveText('Pickup booked');
  await expect(card.getByTestId('managed-answer')).toContainText('Pickup booked: we collect it on');
  await expect(card.getByTestId('managed-tracking')).toContainText(/Tracking RTQ/);

  // Her travelling date.
  const travelling = lender.getByRole('form', { name: 'Travelling until' });
  await travelling.getByLabel('Travelling until').fill(businessDayFrom(40));
  await travelling.getByRole('button', { name: 'Save' }).click();
  await expect(lender.getByTestId('managed-answer')).toContainText('nothing needs you meanwhile');

  // The desk, without script: received, checked against her photos, put live.
  await staff.goto('/ops/managed');
  await staff.getByRole('article', { name }).getByRole('button', { name: 'Mark received' }).click();
  await expect(staff.getByTestId('desk-answer')).toContainText(`${name}: received`);
  // Rejecting without a note is refused with the reason; nothing moves.
  await staff.getByRole('article', { name }).getByRole('button', { name: 'Reject and send back' }).click();
  await expect(staff.getByTestId('desk-answer')).toContainText(/write what you found/i);
  await staff.getByRole('article', { name }).getByLabel('Condition against her photos').fill('As in her photos.');
  await staff.getByRole('article', { name }).getByRole('button', { name: 'Accept' }).click();
  await expect(staff.getByTestId('desk-answer')).toContainText(`${name}: checked`);
  await staff.getByRole('article', { name }).getByRole('button', { name: 'Cleaned: put live' }).click();
  await expect(staff.getByTestId('desk-answer')).toContainText(`${name} is live`);
  await expect(staff.getByRole('article', { name })).toHaveCount(0);

  // She asks for it back: the form opens without script (a <details>).
  await lender.goto('/dashboard?tab=listing');
  card = lender.getByRole('article', { name });
  await expect(card.getByTestId('managed-term')).toContainText('Stored with us until');
  await card.locator('summary', { hasText: 'Ask for it back' }).click();
  await card.getByLabel('Day it comes back to you').fill(businessDayFrom(10));
  await card.getByLabel('Send it to', { exact: true }).fill('12 Quai de Valmy, 75010 Paris');
  await card.getByRole('button', { name: 'Send it back to me' }).click();
  card = lender.getByRole('article', { name });
  await expect(card.getByTestId('managed-stage')).toHaveText('Coming back to you');
  await expect(card.getByTestId('managed-answer')).toContainText('It is coming back to you on');
});
