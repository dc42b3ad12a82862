import type { Browser, Page } from '@playwright/test';
import { businessDay, DEFAULT_BUSINESS_TIME_ZONE } from '../src/domain/business-day';
import { addDays } from '../src/domain/calendar';
import { appPage, expect, test } from './fixtures';
import { DISCOUNT_POPUP_SEEN_KEY, makeStaffWithCli, readyToRentViaApi, signUpViaApi } from './support';

/**
 * Issue 17's waitlist flow (decision 0034): a size sold out for her dates -> 'Join the waitlist'
 * -> the piece is returned and cleaned (staff, through the desk's API) -> the waiting member sees
 * the hold on her dashboard with the time left, and confirms it.
 */
async function newPage(browser: Browser, baseURL: string | undefined, width = 1280) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  await context.addInitScript((key) => window.localStorage.setItem(key, 'true'), DISCOUNT_POPUP_SEEN_KEY);
  return { context, page: appPage(await context.newPage()) };
}

const ok = async (res: Awaited<ReturnType<Page['request']['post']>>, status = 200) => {
  expect(res.status(), await res.text()).toBe(status);
  return res.json() as Promise<Record<string, unknown>>;
};

// Days from the business's today (New York, decision 0047), as the server counts them.
const isoDay = (offset: number) => addDays(businessDay(Date.now(), DEFAULT_BUSINESS_TIME_ZONE), offset);

test('a sold-out size: join the waitlist, the piece comes back from cleaning, the hold shows on her dashboard and she confirms it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = `Waitlist Slip Dress ${Date.now().toString(36)}`;
  const staff = await newPage(browser, baseURL);
  const staffMember = await signUpViaApi(staff.page, { fullName: 'Sam Staff' });
  expect(makeStaffWithCli(staffMember.email)).toContain('is now staff');

  // A house piece with one unit of M, added by staff on the desk (a member's piece would be
  // requested from its lender, decision 0035); another member rents it from today.
  const piece = await ok(
    await staff.page.request.post('/api/ops/items', {
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
  const itemId = piece.id as number;

  const holder = await newPage(browser, baseURL);
  await signUpViaApi(holder.page, { fullName: 'Hana Holder' });
  await readyToRentViaApi(holder.page);
  const rental = await ok(await holder.page.request.post('/api/rentals', { data: { itemId, size: 'M' } }), 201);

  // The waiting member opens the piece for dates it is taken: 'Join the waitlist'.
  const waiting = await newPage(browser, baseURL);
  await signUpViaApi(waiting.page, { fullName: 'Wren Waiting' });
  await readyToRentViaApi(waiting.page);
  const [from, to] = [isoDay(1), isoDay(8)];
  await waiting.page.goto(`/item/${itemId}?from=${from}&to=${to}&size=M`);
  const join = waiting.page.getByRole('button', { name: 'Join the waitlist' });
  await expect(join).toBeVisible();
  await join.click();
  await expect(waiting.page.getByText("You're on the waitlist").first()).toBeVisible();
  await waiting.page.goto('/dashboard');
  await expect(waiting.page.getByRole('article', { name: `${name}, size M` }).getByText('Next in line')).toBeVisible();

  // Out, back and cleaned, through the desk's API.
  await ok(await staff.page.request.post(`/api/ops/rentals/${rental.id}/dispatch`));
  await ok(await holder.page.request.post(`/api/rentals/${rental.id}/return`));
  const desk = await ok(await staff.page.request.get(`/api/ops/rentals/${rental.id}`));
  await ok(await staff.page.request.post(`/api/ops/units/${desk.unitCode}/check-in`, { data: { condition: 'good' } }));
  await ok(await staff.page.request.post(`/api/ops/units/${desk.unitCode}/cleaning-done`));

  // The sweep the cleaning sent holds it for her: her dashboard shows it with the time left.
  const entry = waiting.page.getByRole('article', { name: `${name}, size M` });
  await expect(async () => {
    await waiting.page.goto('/dashboard');
    await expect(entry.getByText('Held for you')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(entry.getByTestId('hold-time-left')).toContainText(/2[34] h \d+ min left/);
  await entry.getByRole('button', { name: `Confirm ${name}` }).click();
  // Her saved choice (delivery, to her address) comes first in the hold's dialog.
  const dialog = waiting.page.getByRole('dialog', { name: 'Confirm your held piece' });
  await expect(dialog.getByTestId('delivery-address')).toContainText('12 Analytical Way');
  await dialog.getByRole('button', { name: 'Confirm with delivery' }).click();
  await expect(waiting.page.getByText('Booked from your waitlist hold')).toBeVisible();
  await expect(waiting.page.getByRole('article', { name })).toBeVisible();
  const rentals = await ok(await waiting.page.request.get('/api/rentals'));
  expect((rentals.rentals as { itemId: number; startDate: string }[]).map((r) => [r.itemId, r.startDate])).toEqual([
    [itemId, from],
  ]);
});
