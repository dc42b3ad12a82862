import { expect, test } from './fixtures';
import { businessDayFrom, newMemberPage, okJson, readyToRentViaApi, rentedPiece, signUpViaApi } from './support';

/**
 * Issue 17's waitlist flow (decision 0034): a size sold out for her dates -> 'Join the waitlist'
 * -> the piece is returned and cleaned (staff, through the desk's API) -> the waiting member sees
 * the hold on her dashboard with the time left, and confirms it.
 */
const newPage = newMemberPage;
const ok = okJson;
const isoDay = businessDayFrom;

test('a sold-out size: join the waitlist, the piece comes back from cleaning, the hold shows on her dashboard and she confirms it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = `Waitlist Slip Dress ${Date.now().toString(36)}`;
  // A house piece with one unit of M, added by staff on the desk (a member's piece would be
  // requested from its lender, decision 0035); another member rents it from today.
  const { itemId, rentalId, holder, staff } = await rentedPiece(browser, baseURL, name, null);

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
  await ok(await staff.request.post(`/api/ops/rentals/${rentalId}/dispatch`));
  await ok(await holder.request.post(`/api/rentals/${rentalId}/return`));
  const desk = await ok(await staff.request.get(`/api/ops/rentals/${rentalId}`));
  await ok(await staff.request.post(`/api/ops/units/${desk.unitCode}/check-in`, { data: { condition: 'good' } }));
  await ok(await staff.request.post(`/api/ops/units/${desk.unitCode}/cleaning-done`));

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
