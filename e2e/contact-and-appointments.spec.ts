import { expect, test } from './fixtures';
import { waitForMail } from './mail';
import { signUpViaApi, skipDiscountPopup, uniqueEmail } from './support';

/*
 * The contact form and styling appointments: stored, and confirmed by e-mail.
 */

test('the contact form stores the message and e-mails a copy', async ({ page }) => {
  await skipDiscountPopup(page);
  const email = uniqueEmail('contact');
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact us' });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Tell us your name')).toBeVisible();
  await form.getByLabel('Your name').fill('Margot Lenoir');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Topic').selectOption('Lending my clothes');
  await form.getByLabel('Message').fill('I have a Max Mara coat I would like to lend. How do I start?');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').getByText('Message sent')).toBeVisible();
  const mail = await waitForMail(email, /We have your message/);
  expect(mail.text).toContain('Max Mara coat');
});

test('Book Appointment opens our booking dialog: date, time, kind, note; booked and confirmed by e-mail', async ({
  page,
}) => {
  await skipDiscountPopup(page);
  const member = await signUpViaApi(page, { fullName: 'Beatrix Booker' });
  await page.goto('/dashboard');
  const open = page.getByRole('button', { name: 'Book Appointment' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Book a styling appointment' });
  await expect(dialog).toBeVisible();
  // Focus moved into the dialog.
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);

  // Submitting empty names what is missing.
  await dialog.getByRole('button', { name: 'Book appointment' }).click();
  await expect(dialog.getByText('Choose a date', { exact: true })).toBeVisible();

  // The first enabled day of the calendar (tomorrow or later; Sundays are disabled).
  await dialog.locator('.rdp-day:not(.rdp-disabled) button').first().click();
  const times = dialog.getByRole('group', { name: /^Times on/ });
  await expect(times.getByRole('button').first()).toBeVisible();
  await times.getByRole('button', { name: '15:00' }).click();
  await dialog.getByLabel('Kind of appointment').selectOption('occasion-styling');
  await dialog.getByLabel('Note for your stylist (optional)').fill('A winter wedding, size 38');
  if (process.env.SCREENSHOTS) await page.screenshot({ path: '.tmp/pages/booking-dialog-1280.png' });
  await dialog.getByRole('button', { name: 'Book appointment' }).click();
  await expect(dialog.getByText('You are booked in.')).toBeVisible();
  const mail = await waitForMail(member.email, /occasion styling on .* at 15:00/);
  expect(mail.text).toContain('A winter wedding, size 38');

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();

  // The slot is now taken for everyone.
  const mine = (await (await page.request.get('/api/appointments')).json()) as {
    appointments: { date: string; time: string }[];
  };
  expect(mine.appointments).toHaveLength(1);
  const day = (await (
    await page.request.get(`/api/appointments/availability?date=${mine.appointments[0]!.date}`)
  ).json()) as { slots: { time: string; available: boolean }[] };
  expect(day.slots.find((s) => s.time === '15:00')?.available).toBe(false);
});
