import { expect, test } from './fixtures';
import { signInViaUi, signUpViaUi } from './support';

/*
 * Signing up, in and out: where each leads, the forms' own checks, the way back to a member page.
 */

test('sign up goes to plan selection; sign out returns home with a toast', async ({ page }) => {
  await signUpViaUi(page, { fullName: 'Coco Member' });
  await expect(
    page.getByText('Your account has been created! Please check your email for verification.'),
  ).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Logged out')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Join Now' })).toBeVisible();
});

test('the sign-up form checks its fields itself', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'All fields are required' })).toBeVisible();
  await page.getByLabel('Full name').fill('A B');
  await page.getByLabel('Email').fill('a@example.com');
  await page.getByLabel('Password', { exact: true }).fill('longenough1');
  await page.getByLabel('Confirm password').fill('different11');
  await page.getByLabel('Gender').selectOption('other');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test('a member route sends a visitor to sign in, and back after signing in', async ({ page, context }) => {
  const member = await signUpViaUi(page);
  await context.clearCookies();
  await page.goto('/favorites');
  // The server sends her to sign in, saying where she was going (decision 0027).
  await expect(page).toHaveURL(/\/login\?from=%2Ffavorites$/);
  await signInViaUi(page, member);
  await expect(page.getByText('You have been logged in!')).toBeVisible();
  await expect(page).toHaveURL(/\/favorites$/);
  // The session is a cookie: it survives a hard reload.
  await page.reload();
  await expect(page).toHaveURL(/\/favorites$/);
  // A signed-in visit to /login goes to the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('signing in goes back to the member page even before better-auth re-reads the session', async ({
  page,
  context,
}) => {
  const member = await signUpViaUi(page);
  await context.clearCookies();
  await page.clock.install();
  await page.goto('/favorites');
  // The server sends her to sign in, saying where she was going (decision 0027).
  await expect(page).toHaveURL(/\/login\?from=%2Ffavorites$/);
  // better-auth's own session re-read after sign-in waits on a 10 ms timer; with the page's clock
  // stopped it never comes, so only the page's own read of the new session can let the gate through.
  await page.clock.pauseAt(Date.now() + 60_000);
  await signInViaUi(page, member);
  await expect(page).toHaveURL(/\/favorites$/);
  await expect(page.getByRole('heading', { name: 'Your Favorites' })).toBeVisible();
});

test('a wrong password shows the server message', async ({ page }) => {
  const member = await signUpViaUi(page);
  await page.context().clearCookies();
  await page.goto('/login');
  await signInViaUi(page, { email: member.email, password: 'wrong password!' });
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});
