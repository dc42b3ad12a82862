import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from './fixtures';
import { signUpViaApi, TEST_CARD } from './support';

/*
 * A plan that bends (decision 0058), in the browser: "Your plan" on /account, pausing (the money
 * and the dates in the dialog before she confirms), the pause starting, and resuming early
 * (charged then, a new term from that day).
 */

/**
 * Time passing: the member's billing date comes and the renewal job starts her booked pause (what
 * plan-billing's job does at the billing date, proven by the API tests), written in the e2e
 * server's database as receipts.spec.ts moves a rental's dates.
 */
function startBookedPause(email: string): void {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'rentique.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      `update subscriptions set status = 'paused', term_start = null, paid_through = pause_until
       where user_id = (select id from "user" where email = ?) and pause_from is not null`,
    ).run(email);
  } finally {
    db.close();
  }
}

test('pausing and resuming a plan: the dates and the money are shown before each confirm', async ({ page }) => {
  const member = await signUpViaApi(page, { fullName: 'Pia Pause' });
  for (const [url, data] of [
    ['/api/plans/subscription', { plan: 'monthly', itemCount: 3 }],
    ['/api/plans/payment-method', TEST_CARD],
  ] as const) {
    const res = await page.request.put(url, { data });
    expect(res.ok(), await res.text()).toBe(true);
  }
  const sub = (await (await page.request.get('/api/plans/subscription')).json()) as {
    termStart: string;
    paidThrough: string;
  };

  await page.goto('/account#plan');
  const plan = page.getByTestId('your-plan');
  await expect(plan.getByRole('heading', { name: 'Your plan: Monthly, 3 pieces a month' })).toBeVisible();
  await expect(plan).toContainText('Paid through');
  await expect(plan).toContainText('$39.99 a month');

  // Pause: 2 months from the next billing date, with the dates and the next charge said first.
  await plan.getByRole('button', { name: 'Pause' }).click();
  const pause = page.getByRole('dialog', { name: 'Pause your plan' });
  await expect(pause).toBeVisible();
  // The focus is in the dialog (Radix traps it there).
  expect(await pause.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await pause.getByLabel('2 months').check();
  await expect(pause.getByTestId('pause-summary')).toContainText('nothing is charged');
  await expect(pause.getByTestId('pause-summary')).toContainText('$39.99 a month is charged on');
  await pause.getByRole('button', { name: 'Pause my plan' }).click();
  await expect(page.getByText('Your plan is paused').first()).toBeVisible();
  await expect(pause).toBeHidden();
  await expect(plan).toContainText('A pause is booked');

  // The billing date comes: the pause starts; nothing is charged, plan pieces wait.
  startBookedPause(member.email);
  await page.reload();
  await expect(plan).toContainText('Paused until');
  await expect(plan).toContainText('plan pieces cannot be booked');
  expect(
    ((await (await page.request.get('/api/plans/subscription')).json()) as { status: string; paidThrough: string })
      .status,
  ).toBe('paused');

  // Resume early: charged now, a new term from today.
  await plan.getByRole('button', { name: 'Resume' }).click();
  const resume = page.getByRole('dialog', { name: 'Resume your plan' });
  await expect(resume.getByTestId('resume-summary')).toContainText('$39.99 a month is charged now');
  await resume.getByRole('button', { name: 'Resume and pay $39.99' }).click();
  await expect(page.getByText('$39.99 charged.')).toBeVisible();
  await expect(plan).toContainText('Paid through');
  await expect(plan.getByRole('button', { name: 'Pause' })).toBeVisible();
  const after = (await (await page.request.get('/api/plans/subscription')).json()) as {
    status: string;
    termStart: string;
    paidThrough: string;
  };
  // Paid today, paused, resumed today: the new month runs from today, as the first did.
  expect(after).toMatchObject({ status: 'active', termStart: sub.termStart, paidThrough: sub.paidThrough });
});
