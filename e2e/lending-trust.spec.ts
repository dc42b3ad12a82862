import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { seriousViolations } from './axe';
import { appPage, expect, test } from './fixtures';
import { DISCOUNT_POPUP_SEEN_KEY, makeStaffWithCli, signUpViaApi, verifyViaApi } from './support';

/*
 * Issue 18 part B in the browser (decision 0036): after a rental of a member's piece comes back,
 * both members rate each other (double-blind), the lender's earning becomes available, she adds
 * her bank account, is paid out, and downloads her statement as CSV. The rental is set up over
 * the API; the two days the earning clears are passed by moving the rental's return back in the
 * e2e server's SQLite file (the server runs with NODE_ENV=production, so it has no test clock).
 */

async function newPage(browser: Browser, baseURL: string | undefined, width = 1280) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: width < 600 ? 844 : 900 },
    acceptDownloads: true,
  });
  await context.addInitScript((key) => window.localStorage.setItem(key, 'true'), DISCOUNT_POPUP_SEEN_KEY);
  return { context, page: appPage(await context.newPage()) };
}

async function ok(res: Awaited<ReturnType<Page['request']['post']>>, status = 200) {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as Record<string, unknown>;
}

/** A rental of the lender's piece, booked, sent out and back, over the API; returns the item and rental ids. */
async function returnedRental(
  lender: Page,
  renter: Page,
  staff: Page,
  name: string,
): Promise<{ itemId: number; rentalId: number }> {
  await verifyViaApi(lender); // lending asks a verified identity (decision 0068)
  const photo = await sharp({
    create: { width: 800, height: 1000, channels: 3, background: { r: 150, g: 110, b: 90 } },
  })
    .jpeg()
    .toBuffer();
  const data = JSON.stringify({
    name,
    brand: 'The Row',
    category: 'Dresses',
    gender: 'Women',
    sizes: ['M'],
    description: 'Silk column dress in ink, worn once to a gallery dinner.',
    retailPriceCents: 120_000,
    rentalPriceCents: 4_000,
    handover: 'drop-off',
    lendingMode: 'self', // a self-lent piece (decision 0062): requested from its lender
  });
  const listing = await ok(
    await lender.request.post('/api/listings', {
      multipart: { data, photos: { name: 'dress.jpg', mimeType: 'image/jpeg', buffer: photo } },
    }),
    201,
  );
  const itemId = listing.id as number;
  await ok(await staff.request.post(`/api/ops/listings/${itemId}/approve`));
  await ok(
    await renter.request.put('/api/plans/payment-method', {
      data: {
        cardNumber: '4242 4242 4242 4242',
        expiryMonth: '08',
        expiryYear: '2030',
        cvv: '123',
        cardholderName: 'Rita Renter',
        billingAddress: { street: '12 Analytical Way', city: 'Brooklyn', state: 'NY', zipCode: '11201', country: 'US' },
      },
    }),
  );
  await ok(
    await renter.request.put('/api/orders/delivery-address', {
      data: {
        recipientName: 'Rita Renter',
        line1: '12 Analytical Way',
        city: 'Brooklyn',
        state: 'NY',
        zipCode: '11201',
      },
    }),
  );
  await ok(await renter.request.put('/api/plans/pickup', { data: { option: 'online' } }));
  // A member's piece is requested and the lender accepts (decision 0035); she sends it, the renter receives and returns it.
  const request = await ok(await renter.request.post('/api/lending/requests', { data: { itemId, size: 'M' } }), 201);
  const rentalId = request.rentalId as number;
  await ok(await lender.request.post(`/api/lending/requests/${request.id}/accept`));
  await ok(await lender.request.post(`/api/lending/requests/${request.id}/send`));
  await ok(await renter.request.post(`/api/rentals/${rentalId}/received`));
  await ok(await renter.request.post(`/api/rentals/${rentalId}/return`));
  return { itemId, rentalId };
}

/** Moves a rental (its dates and its return) back by `days` in the e2e server's database (time passing). */
function moveReturnBack(rentalId: number, days: number) {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'rentique.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const row = db.prepare('select start_date, end_date, returned_at from rentals where id = ?').get(rentalId) as {
      start_date: string;
      end_date: string;
      returned_at: string;
    };
    const back = (iso: string) => new Date(new Date(iso).getTime() - days * 86_400_000).toISOString();
    // The whole rental moves back, its dates with its return (a return before the start would not earn: decision 0012).
    db.prepare('update rentals set start_date = ?, end_date = ?, returned_at = ? where id = ?').run(
      back(row.start_date).slice(0, 10),
      back(row.end_date).slice(0, 10),
      back(row.returned_at),
      rentalId,
    );
  } finally {
    db.close();
  }
}

test('both rate, the earning becomes available, the lender is paid out and downloads her statement', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const name = `Ink Column Dress ${Date.now().toString(36)}`;
  const lender = await newPage(browser, baseURL);
  const renter = await newPage(browser, baseURL, 390);
  const staff = await newPage(browser, baseURL);
  await signUpViaApi(lender.page, { fullName: 'Lena Lender' });
  await signUpViaApi(renter.page, { fullName: 'Rita Renter' });
  const staffMember = await signUpViaApi(staff.page, { fullName: 'Sam Staff' });
  makeStaffWithCli(staffMember.email);
  const { itemId, rentalId } = await returnedRental(lender.page, renter.page, staff.page, name);

  // Her dashboard reminds her to rate; the reminder leads to the rental on /ratings.
  await renter.page.goto('/dashboard');
  const toRate = renter.page.getByRole('region', { name: 'Rate your exchanges' });
  await expect(toRate.getByRole('listitem').filter({ hasText: name })).toContainText('rented from Lena');
  await toRate.getByRole('link', { name: 'Rate Lena' }).click();
  await expect(renter.page).toHaveURL(new RegExp(`/ratings#rental-${rentalId}$`));

  // The renter rates the lender (on a phone); the lender's rating of her is not there yet.
  await expect(renter.page).toHaveTitle('Ratings · Rentique');
  const renterCard = renter.page.getByRole('article', { name });
  await expect(renterCard.getByText('You rented it from Lena')).toBeVisible();
  const rateLena = renterCard.getByRole('form', { name: 'Rate Lena' });
  // By keyboard: the stars are radio buttons.
  await rateLena.getByRole('radio', { name: '5 stars' }).focus();
  await renter.page.keyboard.press('Space');
  await expect(rateLena.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await rateLena.getByPlaceholder('A few words (optional)').fill('Beautiful dress, packed with care.');
  await rateLena.getByRole('button', { name: 'Send rating' }).click();
  await expect(renterCard.getByText(/Not written yet/)).toBeVisible();
  expect(await seriousViolations(renter.page), '/ratings at 390px').toEqual([]);

  // The lender sees that she was rated, not how, until she rates too.
  await lender.page.goto('/ratings');
  const lenderCard = lender.page.getByRole('article', { name });
  await expect(lenderCard.getByText('Rita has rated you. You will see it once you have rated too')).toBeVisible();
  await expect(lenderCard.getByText('Beautiful dress')).toHaveCount(0);
  const rateRita = lenderCard.getByRole('form', { name: 'Rate Rita' });
  await rateRita.getByRole('radio', { name: '4 stars' }).check({ force: true });
  await rateRita.getByRole('button', { name: 'Send rating' }).click();
  await expect(lenderCard.getByText('“Beautiful dress, packed with care.”')).toBeVisible();
  await renter.page.reload();
  await expect(
    renter.page.getByRole('article', { name }).getByRole('img', { name: 'Rated 4.0 out of 5' }),
  ).toBeVisible();

  // Her piece now shows her rating.
  await renter.page.goto(`/item/${itemId}`);
  await expect(renter.page.getByTestId('lender-rating')).toContainText('5.0 out of 5 by 1 renter');

  // Fresh from the return the earning is clearing; two days on it is available.
  await lender.page.goto('/lending/payouts');
  await expect(lender.page).toHaveTitle('Payouts & statement · Rentique');
  await expect(lender.page.getByText('Rentique keeps a 30% commission on each rental').first()).toBeVisible();
  await expect(lender.page.getByTestId('available-balance')).toHaveText('$0.00');
  await expect(lender.page.getByRole('cell', { name: /^Clearing/ })).toBeVisible();
  moveReturnBack(rentalId, 3);
  await lender.page.reload();
  await expect(lender.page.getByTestId('available-balance')).toHaveText('$28.00');

  // She adds her bank account: only the holder and last four come back.
  await lender.page.getByRole('button', { name: 'Add bank account' }).click();
  const dialog = lender.page.getByRole('dialog', { name: 'Payout account' });
  await dialog.getByLabel('Account holder').fill('Lena Lender');
  await dialog.getByLabel('Routing number').fill('011000015');
  await dialog.getByLabel('Account number').fill('000123456789');
  await dialog.getByRole('button', { name: 'Save account' }).click();
  await expect(lender.page.getByTestId('payout-account')).toHaveText('Lena Lender ···· 6789');
  await expect(lender.page.getByText('000123456789')).toHaveCount(0);
  // Its toast first: one that came in while axe read the page was measured half transparent.
  await expect(lender.page.getByText('Payout account saved')).toBeVisible();
  expect(await seriousViolations(lender.page), '/lending/payouts').toEqual([]);

  await lender.page.getByRole('button', { name: 'Pay out $28.00' }).click();
  await expect(lender.page.getByText('Payout on its way').first()).toBeVisible();
  await expect(lender.page.getByTestId('available-balance')).toHaveText('$0.00');
  await expect(lender.page.getByRole('cell', { name: 'Payout to Lena Lender ···· 6789' })).toBeVisible();
  await lender.page.screenshot({ path: testInfo.outputPath('payouts-1280.png'), fullPage: true });

  // The statement as CSV: the earning (price, commission, share) and the payout.
  const [download] = await Promise.all([
    lender.page.waitForEvent('download'),
    lender.page.getByRole('link', { name: 'Statement (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^rentique-statement-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(csv[0]).toBe('Date,Type,Description,Amount (USD),Commission 30% (USD),Net (USD),Status,Available from');
  expect(csv).toHaveLength(3);
  expect(csv.find((l) => l.includes(',payout,'))).toContain(',28.00,0.00,-28.00,Paid,');
  expect(csv.find((l) => l.includes(',earning,'))).toContain(`Rental of ${name}`);
  expect(csv.find((l) => l.includes(',earning,'))).toContain(',40.00,-12.00,28.00,Paid out,');

  await renter.page.screenshot({ path: testInfo.outputPath('ratings-390.png'), fullPage: true });
  for (const c of [lender, renter, staff]) await c.context.close();
});

test('the lender reports damage with photos, staff uphold it on the desk, and the renter is charged', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const name = `Pleated Silk Skirt ${Date.now().toString(36)}`;
  const lender = await newPage(browser, baseURL, 390);
  const renter = await newPage(browser, baseURL);
  const staff = await newPage(browser, baseURL);
  await signUpViaApi(lender.page, { fullName: 'Lena Lender' });
  await signUpViaApi(renter.page, { fullName: 'Rita Renter' });
  const staffMember = await signUpViaApi(staff.page, { fullName: 'Sam Staff' });
  makeStaffWithCli(staffMember.email);
  await returnedRental(lender.page, renter.page, staff.page, name);
  const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 90, g: 60, b: 60 } } })
    .png()
    .toBuffer();

  // The lender, on her phone, reports the damage from her payouts page.
  await lender.page.goto('/lending/payouts');
  await lender.page.getByRole('button', { name: `Report damage to ${name}` }).click();
  const form = lender.page.getByRole('form', { name: `Damage claim on ${name}` });
  await form.getByLabel('Amount (USD)').fill('2000');
  await form.getByLabel('What happened').fill('A burn mark on the front pleats.');
  await form.getByLabel('Photos (1 to 4)').setInputFiles({ name: 'burn.png', mimeType: 'image/png', buffer: photo });
  await form.getByRole('button', { name: 'Send claim' }).click();
  await expect(form.getByText('The amount cannot be more than the piece’s retail price ($1,200.00)')).toBeVisible();
  await form.getByLabel('Amount (USD)').fill('150');
  await form.getByRole('button', { name: 'Send claim' }).click();
  await expect(lender.page.getByText('Claim sent to our team').first()).toBeVisible();
  const claims = lender.page.getByRole('list', { name: 'Your claims' });
  await expect(claims.getByText('Open')).toBeVisible();
  await lender.page.screenshot({ path: testInfo.outputPath('claim-390.png'), fullPage: true });

  // Staff uphold it on the desk's Claims page with a note.
  await staff.page.goto('/ops/claims');
  await expect(staff.page).toHaveTitle('Claims · Ops desk · Rentique');
  const card = staff.page.getByRole('article', { name: `Claim on ${name}` });
  await expect(card.getByRole('img', { name: `${name}: damage photo 1 of 1` })).toBeVisible();
  await card.getByRole('button', { name: `Uphold the claim on ${name}` }).click();
  const dialog = staff.page.getByRole('dialog', { name: 'Uphold claim' });
  await dialog.getByLabel('Note for both members').fill('The photo shows a burn that was not there at listing.');
  await dialog.getByRole('button', { name: 'Uphold and charge' }).click();
  await expect(staff.page.getByText('Claim upheld').first()).toBeVisible();
  await expect(card).toHaveCount(0);
  await staff.page.getByRole('button', { name: 'Upheld' }).click();
  await expect(
    staff.page.getByRole('article', { name: `Claim on ${name}` }).getByText('The photo shows a burn'),
  ).toBeVisible();
  await staff.page.screenshot({ path: testInfo.outputPath('ops-claims-1280.png'), fullPage: true });

  // The lender sees it upheld, credited to what she can pay out; both were notified.
  await lender.page.reload();
  await expect(claims.getByText('Upheld')).toBeVisible();
  await expect(lender.page.getByRole('cell', { name: `Damage claim upheld: ${name}` })).toBeVisible();
  await expect(lender.page.getByTestId('available-balance')).toHaveText('$150.00');
  await renter.page.goto('/notifications');
  await expect(renter.page.getByRole('article', { name: `Damage claim on ${name} upheld` })).toBeVisible();
  for (const c of [lender, renter, staff]) await c.context.close();
});

for (const width of [1280, 390]) {
  test(`the payouts page, ratings and the desk's Claims page pass axe and fit at ${width} px`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { context, page } = await newPage(browser, baseURL, width);
    const member = await signUpViaApi(page, { fullName: 'Cora Claims' });
    makeStaffWithCli(member.email);
    for (const p of ['/lending/payouts', '/ratings', '/ops/claims']) {
      await page.goto(p);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page), `${p} at ${width}px`).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        `${p} fits ${width}px`,
      ).toBe(true);
      await page.screenshot({ path: testInfo.outputPath(`${p.replaceAll('/', '-')}-${width}.png`), fullPage: true });
    }
    await context.close();
  });
}
