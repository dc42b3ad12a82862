import { seriousViolations } from './axe';
import { appPage, expect, test } from './fixtures';
import { linkIn, waitForMail } from './mail';
import { PASSWORD, signInViaUi, signUpViaApi, signUpViaUi, uniqueEmail } from './support';

/*
 * The account basics in the browser (issue 12): forgot password with the mail read from a real
 * SMTP server, the account page (name, password, devices), deleting the account, and axe on the
 * new pages.
 */
import { DISCOUNT_POPUP_SEEN_KEY as SEEN_KEY } from './support';

test.beforeEach(async ({ context }) => {
  await context.addInitScript((key) => window.localStorage.setItem(key, 'true'), SEEN_KEY);
});

test('forgot password: the mailed link sets a new password, and the member signs in with it', async ({ page }) => {
  const member = await signUpViaApi(page, { fullName: 'Rosa Forgetful' });
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page).toHaveTitle('Forgot password · Rentique');
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(member.email);

  // The mail, as the SMTP server received it.
  const mail = await waitForMail(member.email, /Reset your Rentique password/);
  expect(mail.text).toContain('60 minutes');
  await page.goto(linkIn(mail));
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();

  // A guessable password is refused with the server's reason, on the form.
  await page.getByLabel('New password', { exact: true }).fill('password123');
  await page.getByLabel('Confirm new password').fill('password123');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(/This password is too easy to guess/)).toBeVisible();

  const fresh = 'juniper lantern velvet';
  await page.getByLabel('New password', { exact: true }).fill(fresh);
  await page.getByLabel('Confirm new password').fill(fresh);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your password has been changed')).toBeVisible();

  await signInViaUi(page, { email: member.email, password: PASSWORD });
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await signInViaUi(page, { email: member.email, password: fresh });
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link worked once.
  await page.goto(linkIn(mail));
  await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
});

test('account settings: change name and password from the dashboard', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const member = await signUpViaUi(page, { fullName: 'Ines Original' });
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Account Settings' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page).toHaveTitle('Account settings · Rentique');
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();

  // Name and gender.
  const details = page.getByRole('form', { name: 'Your details' });
  await expect(details.getByLabel('Full name')).toHaveValue('Ines Original');
  await details.getByLabel('Full name').fill('Ines Renamed');
  await details.getByLabel('Gender').selectOption('other');
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your details have been saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Your details' }).getByLabel('Full name')).toHaveValue('Ines Renamed');
  await expect(page.getByRole('form', { name: 'Your details' }).getByLabel('Gender')).toHaveValue('other');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Ines' })).toBeVisible();

  // This device is listed and marked.
  await page.goto('/account');
  const devices = page.getByRole('region', { name: 'Signed-in devices' });
  await expect(devices.getByText('This device')).toBeVisible();
  // Playwright's desktop Chrome says it is Chrome on Windows.
  await expect(devices.getByText(/^Chrome \d+ on Windows/)).toBeVisible();

  // Password: the current one is checked, then the new one works.
  const pw = page.getByRole('form', { name: 'Change password' });
  await pw.getByLabel('Current password').fill('not my password');
  await pw.getByLabel('New password', { exact: true }).fill('marble orchard sunrise');
  await pw.getByLabel('Confirm new password').fill('marble orchard sunrise');
  await pw.getByRole('button', { name: 'Change password' }).click();
  await expect(pw.getByText('That is not your current password.')).toBeVisible();
  await pw.getByLabel('Current password').fill(member.password);
  await pw.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/login');
  await signInViaUi(page, { email: member.email, password: 'marble orchard sunrise' });
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('delete account: password required, then signed out and gone', async ({ page }) => {
  const member = await signUpViaApi(page, { fullName: 'Dora Leaving' });
  await page.goto('/account');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('That password is not right.')).toBeVisible();
  await dialog.getByLabel('Password').fill(member.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your account has been deleted')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?from=%2Fdashboard$/);
  await signInViaUi(page, member);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});

test('sign-up refuses a guessable password with a clear message on the form', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Weak Choice');
  await page.getByLabel('Email').fill(uniqueEmail('weak'));
  await page.getByLabel('Password', { exact: true }).fill('password');
  await page.getByLabel('Confirm password').fill('password');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.locator('form').getByText(/This password is too easy to guess/)).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/signup$/);
});

test('axe finds no serious or critical violation on the account pages', async ({ browser, baseURL }) => {
  // Five axe runs over long pages (the account page grew fit details): more than the default minute on a busy machine.
  test.setTimeout(150_000);
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  await context.addInitScript((key) => window.localStorage.setItem(key, 'true'), SEEN_KEY);
  const page = appPage(await context.newPage());
  for (const path of ['/forgot-password', '/reset-password?token=abc', '/reset-password?error=INVALID_TOKEN']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
  await signUpViaApi(page, { fullName: 'Axe Member' });
  await page.goto('/account');
  await expect(page.getByText('This device')).toBeVisible();
  expect(await seriousViolations(page), '/account').toEqual([]);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
  expect(await seriousViolations(page), '/account with the delete dialog').toEqual([]);
  await context.close();
});
