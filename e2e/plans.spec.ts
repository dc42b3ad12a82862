import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { businessDay, DEFAULT_BUSINESS_TIME_ZONE } from '../src/domain/business-day';
import { addMonths } from '../src/domain/plans';
import { signInViaUi, signUpViaApi, signUpViaUi } from './support';

const CARD = {
  holder: 'Coco Member',
  number: '4242424242424242',
  month: '08',
  year: String(new Date().getUTCFullYear() + 3),
  cvv: '123',
  street: '12 Analytical Way',
  city: 'Brooklyn',
  state: 'NY',
  zip: '11201',
};

async function fillCard(page: Page, card = CARD) {
  await page.getByLabel('Cardholder name').fill(card.holder);
  await page.getByLabel('Card number').fill(card.number);
  await page.getByLabel('Expiry month').selectOption(card.month);
  await page.getByLabel('Expiry year').selectOption(card.year);
  await page.getByLabel('CVV').fill(card.cvv);
  await page.getByLabel('Street address').fill(card.street);
  await page.getByLabel('City').fill(card.city);
  await page.getByLabel('State').fill(card.state);
  await page.getByLabel('ZIP code').fill(card.zip);
}

const monthDayYear = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

test('sign up, Monthly with 5 items, card, dashboard: the plan, price, card and billing date stay with the account', async ({
  page,
}) => {
  const member = await signUpViaUi(page, { fullName: 'Coco Member' });

  // Plan selection: nothing chosen yet, so Continue waits.
  const continueButton = page.getByRole('button', { name: 'Continue', exact: true });
  await expect(continueButton).toBeDisabled();
  await page.getByRole('radio', { name: 'Monthly' }).check();
  await expect(continueButton).toBeEnabled();
  const fewer = page.getByRole('button', { name: 'Fewer items' });
  const more = page.getByRole('button', { name: 'More items' });
  await expect(fewer).toBeDisabled();
  await expect(page.getByTestId('monthly-price')).toHaveText('$39.99');
  for (let i = 0; i < 6; i += 1) await more.click();
  await expect(page.getByTestId('item-count')).toHaveText('9');
  await expect(more).toBeDisabled();
  await expect(page.getByTestId('monthly-price')).toHaveText('$89.99');
  for (let i = 0; i < 4; i += 1) await fewer.click();
  await expect(page.getByTestId('item-count')).toHaveText('5');
  await expect(page.getByTestId('monthly-price')).toHaveText('$56.66');
  await continueButton.click();
  await expect(page.getByText('Complete Your Subscription')).toBeVisible();
  await expect(page).toHaveURL(/\/credit-card$/);

  // The card form checks the card itself, shows the brand and masks the number.
  await expect(page.getByRole('link', { name: 'Back to Plans' })).toHaveAttribute('href', '/plan-selection');
  await fillCard(page, { ...CARD, number: '4242a4242424242411' });
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4241');
  await expect(page.getByText('Visa', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save Payment Information' }).click();
  await expect(page.getByText('Card number is not valid (check the digits)')).toBeVisible();
  await expect(page).toHaveURL(/\/credit-card$/);

  await page.getByLabel('Card number').fill(CARD.number);
  // The simulated provider takes PAYMENT_DELAY_MS (300 ms in these tests): watch for the busy button from before the click.
  await Promise.all([
    expect(page.getByRole('button', { name: 'Processing...' })).toBeVisible(),
    page.getByRole('button', { name: 'Save Payment Information' }).click(),
  ]);
  await expect(page.getByText('Payment Information Saved')).toBeVisible();
  await expect(page.getByText('Your payment details have been securely saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Billing counts in the business's days (New York, decision 0047), not the UTC date.
  const nextBilling = addMonths(businessDay(new Date(), DEFAULT_BUSINESS_TIME_ZONE), 1);
  const checkEverything = async () => {
    // The dashboard shows the plan, its items and price, the next billing date and the card.
    await page.goto('/dashboard');
    const plan = page.getByRole('region', { name: 'Your subscription' });
    await expect(plan.getByTestId('plan-title')).toHaveText('Monthly');
    await expect(plan.getByTestId('plan-items')).toHaveText('5 a month');
    await expect(plan.getByTestId('plan-price')).toHaveText('$56.66 a month');
    await expect(plan.getByTestId('next-billing')).toHaveText(monthDayYear(nextBilling));
    await expect(plan.getByTestId('dashboard-card')).toContainText('4242');
    const res = await page.request.get('/api/plans/subscription');
    expect(res.ok()).toBe(true);
    expect(await res.json()).toMatchObject({
      plan: 'monthly',
      itemCount: 5,
      priceCents: 5666,
      status: 'active',
      nextBillingDate: nextBilling,
      card: { brand: 'visa', lastFour: '4242', cardholderName: 'Coco Member' },
    });
    await page.goto('/credit-card?mode=manage');
    const summary = page.getByRole('complementary');
    await expect(summary.getByText('Monthly plan')).toBeVisible();
    await expect(summary.getByText('5 a month')).toBeVisible();
    await expect(summary.getByTestId('plan-price')).toHaveText('$56.66 a month');
    await expect(summary.getByText(monthDayYear(nextBilling))).toBeVisible();
    await expect(page.getByTestId('saved-card')).toContainText('Ending in 4242');
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    await page.goto('/plan-selection');
    await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    await expect(page.getByText('Current plan')).toBeVisible();
    // Her paid month is not given up by choosing here: the page says where a change is made.
    const term = page.getByRole('status').filter({ hasText: 'is paid until' });
    await expect(term).toContainText(`Your Monthly plan is paid until ${monthDayYear(nextBilling)}`);
    await expect(term.getByRole('link', { name: 'Your plan' })).toHaveAttribute('href', '/account#plan');
    await expect(page.getByTestId('item-count')).toHaveText('5');
    await expect(page.getByTestId('monthly-price')).toHaveText('$56.66');
  };
  await checkEverything();

  // A hard reload, then a fresh sign-in: the server still has it all.
  await page.reload();
  await expect(page.getByTestId('item-count')).toHaveText('5');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Logged out')).toBeVisible();
  await page.goto('/login');
  await signInViaUi(page, member);
  await expect(page).toHaveURL(/\/dashboard$/);
  await checkEverything();
});

test('Weekly goes straight to the dashboard, and the card page without a plan waiting goes back to plan selection', async ({
  page,
}) => {
  await signUpViaUi(page);
  await page.getByRole('radio', { name: 'Weekly' }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Plan Selected')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await (await page.request.get('/api/plans/subscription')).json()).toMatchObject({
    plan: 'weekly',
    status: 'active',
    nextBillingDate: null,
  });

  await page.goto('/credit-card');
  await expect(page).toHaveURL(/\/plan-selection$/);

  // 'Continue without Plan' saves Weekly too, after a paid plan was picked.
  await page.getByRole('radio', { name: '3 Months' }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/credit-card$/);
  await expect(page.getByRole('complementary').getByText('3 Months plan')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Plans' }).click();
  await page.getByRole('button', { name: 'Continue without Plan - Start with Weekly' }).click();
  await expect(page.getByText('Plan Selected')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await (await page.request.get('/api/plans/subscription')).json()).toMatchObject({
    plan: 'weekly',
    status: 'active',
  });
});

test('3 Months reads "$99.99 for 3 months" on /pricing, plan selection, payment and the dashboard, billed again at the end of the term', async ({
  page,
}) => {
  const PRICE = '$99.99 for 3 months';
  await page.goto('/pricing');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: '3 Months', exact: true }) });
  await expect(card.getByTestId('plan-price')).toHaveText(PRICE);

  await signUpViaUi(page);
  await page.getByRole('radio', { name: '3 Months' }).check();
  await expect(page.getByTestId('plan-price')).toHaveText(PRICE);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/credit-card$/);
  const termEnd = addMonths(businessDay(new Date(), DEFAULT_BUSINESS_TIME_ZONE), 3);
  const summary = page.getByRole('complementary');
  await expect(summary.getByTestId('plan-price')).toHaveText(PRICE);
  await expect(summary.getByTestId('next-billing')).toHaveText(monthDayYear(termEnd));
  await fillCard(page);
  await page.getByRole('button', { name: 'Save Payment Information' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const plan = page.getByRole('region', { name: 'Your subscription' });
  await expect(plan.getByTestId('plan-price')).toHaveText(PRICE);
  await expect(plan.getByTestId('next-billing')).toHaveText(monthDayYear(termEnd));
  await page.goto('/credit-card?mode=manage');
  await expect(page.getByRole('complementary').getByTestId('plan-price')).toHaveText(PRICE);
  await expect(page.getByRole('complementary').getByTestId('next-billing')).toHaveText(monthDayYear(termEnd));
});

test('a declined card shows the payment error and keeps the plan waiting; manage mode updates the card', async ({
  page,
}) => {
  await signUpViaUi(page);
  await page.getByRole('radio', { name: '3 Months' }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/credit-card$/);
  await fillCard(page, { ...CARD, number: '4000000000000002' });
  await page.getByRole('button', { name: 'Save Payment Information' }).click();
  // The reason, next to the button and in the toast (the first customer's issue, item 10).
  await expect(page.getByTestId('card-error')).toHaveText(
    'Your card was declined by your bank. Please use another card.',
  );
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Your card was declined by your bank.' }),
  ).toContainText('Card declined');
  await expect(page).toHaveURL(/\/credit-card$/);
  expect(await (await page.request.get('/api/plans/subscription')).json()).toMatchObject({
    status: 'pending_payment',
    card: null,
  });

  await page.getByLabel('Card number').fill('5555555555554444');
  await expect(page.getByText('Mastercard', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save Payment Information' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/credit-card?mode=manage');
  await expect(page.getByTestId('saved-card')).toContainText('Ending in 4444');
  await expect(page.getByLabel('Cardholder name')).toHaveValue(CARD.holder);
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('CVV').fill('987');
  await page.getByRole('button', { name: 'Update Payment Information' }).click();
  await expect(page.getByText('Your payment information has been updated successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await (await page.request.get('/api/plans/subscription')).json()).toMatchObject({
    plan: 'threemonths',
    status: 'active',
    card: { lastFour: '4242' },
  });
});

test('pricing: four plans; Choose Plan goes to sign-up for visitors and to plan selection for members; Contact Sales mails', async ({
  page,
}) => {
  await page.goto('/pricing');
  for (const title of ['Weekly', 'Monthly', '3 Months', 'Custom']) {
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  }
  await expect(page.getByText('Cancel or change anytime').first()).toBeVisible();
  await expect(page.getByText('Free shipping and returns').first()).toBeVisible();
  await expect(page.getByText('$99.99')).toBeVisible();
  const mail = await page.getByRole('link', { name: 'Contact Sales' }).getAttribute('href');
  expect(mail).toMatch(/^mailto:/);
  expect(decodeURIComponent(mail!.split('subject=')[1]!)).toBe('Custom Plan Inquiry');
  await page.getByRole('link', { name: 'Choose Plan: Monthly' }).click();
  await expect(page).toHaveURL(/\/signup$/);

  await signUpViaApi(page);
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Choose Plan: 3 Months' }).click();
  await expect(page).toHaveURL(/\/plan-selection\?plan=threemonths$/);
  await expect(page.getByRole('radio', { name: '3 Months' })).toBeChecked();
});

test('pickup: confirm waits for a choice, starts the rental, and the choice is kept', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/pickup-location');
  const confirm = page.getByRole('button', { name: 'Confirm and Start Rental' });
  await expect(confirm).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  const group = page.getByRole('radiogroup', { name: 'Pickup option' });
  await group.getByRole('radio', { name: 'In-Store Pickup' }).check();
  // In-store pickup names its studio (the first until she picks another).
  const studio = page.getByRole('combobox', { name: 'Studio' });
  await expect(studio).toBeVisible();
  await expect(page.getByTestId('studio-details')).toBeVisible();
  const studioId = Number(await studio.inputValue());
  await confirm.click();
  await expect(page.getByText('Rental started!')).toBeVisible();
  expect(await (await page.request.get('/api/plans/pickup')).json()).toMatchObject({ option: 'in-store', studioId });
  await expect(page.getByText('Your rental will begin when you pick up your items in-store')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/pickup-location');
  await expect(page.getByRole('radio', { name: 'In-Store Pickup' })).toBeChecked();
  await page.getByRole('radio', { name: 'Online Delivery' }).check();
  await confirm.click();
  await expect(page.getByText('Your rental will begin when you receive your delivery')).toBeVisible();
  await page.reload();
  expect(await (await page.request.get('/api/plans/pickup')).json()).toMatchObject({ option: 'online' });
});

test('the plan pages fit a 390 px phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpViaApi(page);
  await page.goto('/plan-selection');
  await page.getByRole('radio', { name: 'Monthly' }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/credit-card$/);
  for (const path of ['/pricing', '/plan-selection', '/credit-card', '/credit-card?mode=manage', '/pickup-location']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
  }
});
