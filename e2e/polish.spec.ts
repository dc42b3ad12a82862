import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { appPage, expect, test } from './fixtures';
import { waitForMail } from './mail';
import { popupTimings, readyToRentViaApi, signUpViaApi, uniqueEmail, watchPopupTiming } from './support';

/* Issue 19, "polish a customer notices": phone layout, ratings, the assistant, the static item
 * pages, the footer's pages, contact and appointments, the nav's accessible name, SPEC timings. */

import { DISCOUNT_POPUP_SEEN_KEY as SEEN_KEY } from './support';
const PHONE = { width: 390, height: 844 };
const popupSeen = (page: Page) => page.addInitScript((key) => window.localStorage.setItem(key, 'true'), SEEN_KEY);

const STATIC_SLUG = 'black-north-face-fleece-half-zip';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: PHONE });

  test("the item page's buttons are at least 44 px tall with their labels inside", async ({ page }) => {
    await popupSeen(page);
    await page.goto('/item/7');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const name of ['Add to Cart', 'Add to Wishlist', 'Share']) {
      const button = page.getByRole('button', { name, exact: true });
      const box = (await button.boundingBox())!;
      expect(box.height, `${name} height`).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width, `${name} inside the screen`).toBeLessThanOrEqual(PHONE.width);
      // The label fits: nothing inside spills out of the button.
      const spills = await button.evaluate(
        (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
      );
      expect(spills, `${name} label spills`).toBe(false);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  test('a toast appears below the navigation, not over it', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await popupSeen(page);
    await page.goto('/item/7');
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const toast = page.locator('[data-sonner-toast]').first();
    await expect(toast).toBeVisible();
    await expect(async () => {
      const header = (await page.locator('header').first().boundingBox())!;
      const box = (await toast.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    }).toPass();
  });

  test("the floating assistant button leaves the footer's last lines and links clear", async ({ page }) => {
    await popupSeen(page);
    await page.goto('/');
    // To the very end (the page grows as lazy sections load, so until it stops).
    await expect(async () => {
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
      expect(
        await page.evaluate(
          () => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1,
        ),
      ).toBe(true);
    }).toPass();
    const fab = (await page.getByRole('button', { name: 'Open style assistant' }).boundingBox())!;
    const footer = page.locator('footer');
    const targets = [footer.locator('p').last(), ...(await footer.getByRole('link').all())];
    for (const target of targets) {
      // The text itself (a range), not the block, which spans the page's width.
      const box = await target.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const r = range.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      });
      expect(overlaps(fab, box), `${await target.textContent()} is under the assistant button`).toBe(false);
    }
    // The page's last line ends above the button: the whole band it floats in is left free.
    const lastLine = await footer
      .locator('p')
      .last()
      .evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return range.getBoundingClientRect().bottom;
      });
    expect(lastLine).toBeLessThanOrEqual(fab.y);
  });

  test('a long word wraps inside its chat bubble', async ({ page }) => {
    await popupSeen(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open style assistant' }).click();
    const word = 'Supercalifragilisticexpialidocious'.repeat(3);
    await page.getByRole('textbox').fill(word);
    await page.keyboard.press('Enter');
    const bubble = page.getByRole('log', { name: 'Conversation' }).getByText(word);
    await expect(bubble).toBeVisible();
    expect(await bubble.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    const log = (await page.getByRole('log', { name: 'Conversation' }).boundingBox())!;
    const box = (await bubble.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(log.x + log.width);
  });
});

test('the assistant finds the black jackets for "black jackets for work"', async ({ page }) => {
  await popupSeen(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open style assistant' }).click();
  await page.getByRole('textbox').fill('black jackets for work');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('list', { name: 'Suggested pieces' }).getByText('Black Leather Biker Jacket'),
  ).toBeVisible();
  await expect(page.getByText(/couldn't find/)).toHaveCount(0);
});

test('a rating shows half stars: 4.3 reads as four and a half, with its figure', async ({ page, request }) => {
  await popupSeen(page);
  // Item 12 (Charcoal Slim Chinos) is rated 4.3.
  const item = (await (await request.get('/api/items/12')).json()) as { rating: number };
  expect(item.rating).toBe(4.3);
  await page.goto('/item/12');
  // The summary under the title (the reviews section repeats the rating).
  const stars = page.getByRole('img', { name: 'Rated 4.3 out of 5' }).first();
  await expect(stars).toBeVisible();
  await expect(stars.locator('[data-star="half"]')).toHaveCount(1);
  await expect(stars.locator('[data-star="full"]')).toHaveCount(4);
});

test.describe('the static item pages', () => {
  test('Rent Now rents the chosen size and the heart saves a favourite, like the item page', async ({ page }) => {
    await popupSeen(page);
    await signUpViaApi(page, { fullName: 'Stella Static' });
    await readyToRentViaApi(page);
    await page.goto(`/items/${STATIC_SLUG}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const heart = page.getByRole('button', { name: 'Add to favourites' });
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    const favs = (await (await page.request.get('/api/favorites')).json()) as {
      items: { item: { slug?: string | null; name: string } }[];
    };
    expect(favs.items).toHaveLength(1);

    // Without a size, Rent Now asks for one; with one, it books and goes to the dashboard.
    await page.getByRole('button', { name: 'Rent Now' }).click();
    await expect(page.getByText('Choose a size').first()).toBeVisible();
    await page.getByRole('list', { name: 'Available Sizes' }).getByRole('button', { name: 'M', exact: true }).click();
    await page.getByRole('button', { name: 'Rent Now' }).click();
    await expect(page.getByText('Added to Cart!').first()).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
  });

  test('without JavaScript, Rent Now and the heart are links somewhere sensible', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/items/${STATIC_SLUG}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const item = (await (await page.request.get(`/api/items/by-slug/${STATIC_SLUG}`)).json()) as { id: number };
    const rent = page.getByRole('link', { name: 'Rent Now' });
    await expect(rent).toHaveAttribute('href', `/item/${item.id}`);
    await expect(page.getByRole('link', { name: 'Add to favourites' })).toHaveAttribute('href', '/favorites');
    await rent.click();
    await expect(page).toHaveURL(/\/item\/\d+$/);
    await context.close();
  });
});

const FOOTER_PAGES = [
  { link: 'About Us', path: '/about', title: 'About Us · Rentique', h1: 'Designer wardrobes, shared' },
  { link: 'Sustainability', path: '/sustainability', title: 'Sustainability · Rentique', h1: 'Wear more, own less' },
  { link: 'Blog', path: '/blog', title: 'The Journal · Rentique', h1: 'Notes from the studio' },
  { link: 'Careers', path: '/careers', title: 'Careers · Rentique', h1: 'Join the house' },
  { link: 'Help Center', path: '/help', title: 'Help Center · Rentique', h1: 'How can we help?' },
  { link: 'Contact Us', path: '/contact', title: 'Contact Us · Rentique', h1: 'We would love to hear from you' },
  { link: 'Privacy Policy', path: '/privacy', title: 'Privacy Policy · Rentique', h1: 'Your data, plainly' },
  { link: 'Terms of Service', path: '/terms', title: 'Terms of Service · Rentique', h1: 'The rules of the wardrobe' },
];

// One test per page: eight pages with axe each in one test passed 60 s only on a quiet machine.
for (const p of FOOTER_PAGES) {
  test(`the footer's ${p.link} link leads to a real page with a title, and axe finds nothing serious`, async ({
    page,
  }) => {
    await popupSeen(page);
    await page.goto('/');
    await page.locator('footer').getByRole('link', { name: p.link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${p.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: p.h1 })).toBeVisible();
    await expect(page).toHaveTitle(p.title);
    // Real content, not a placeholder.
    expect(((await page.locator('main').textContent()) ?? '').length).toBeGreaterThan(400);
    expect(await page.locator('main').textContent()).not.toMatch(/lorem ipsum/i);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(
      results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes[0]?.target}`),
      p.path,
    ).toEqual([]);
  });
}

test('screenshots of the new pages at 390 and 1280 px (SCREENSHOTS=1)', async ({ browser, baseURL }) => {
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to write .tmp/pages/*.png');
  mkdirSync('.tmp/pages', { recursive: true });
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ baseURL, viewport: { width, height: width < 500 ? 844 : 900 } });
    await context.addInitScript((key) => window.localStorage.setItem(key, 'true'), SEEN_KEY);
    const page = appPage(await context.newPage());
    for (const p of FOOTER_PAGES) {
      await page.goto(p.path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.screenshot({ path: `.tmp/pages${p.path}-${width}.png`, fullPage: true });
    }
    await page.goto(`/items/${STATIC_SLUG}`);
    await page.screenshot({ path: `.tmp/pages/static-item-${width}.png`, fullPage: false });
    await page.goto('/item/7');
    await page.screenshot({ path: `.tmp/pages/item-${width}.png`, fullPage: true });
    await context.close();
  }
});

test('the contact form stores the message and e-mails a copy', async ({ page }) => {
  await popupSeen(page);
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
  await popupSeen(page);
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

test("the nav's Match link: its visible text is part of its accessible name (axe label-content-name-mismatch)", async ({
  page,
}) => {
  await popupSeen(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const results = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
  expect(results.violations.map((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'NEW: Match your Outfit' }),
  ).toBeVisible();
});

test('SPEC timings: the discount popup appears 2 s after the navigation starts', async ({ page }) => {
  // When the dialog first shows, in the page's own clock (0 = navigation start), and when the
  // app came alive: the popup cannot show before its code runs.
  await watchPopupTiming(page);
  await page.goto('/');
  await expect(page.getByRole('dialog', { name: '20% off your first rental' })).toBeVisible({ timeout: 6_000 });
  const { popupAt, readyAt } = await popupTimings(page);

  test.info().annotations.push({
    type: 'timing',
    description: `app ready at ${Math.round(readyAt)} ms, popup at ${Math.round(popupAt)} ms after navigation start`,
  });
  console.log(
    `discount popup: app ready at ${Math.round(readyAt)} ms, popup at ${Math.round(popupAt)} ms after navigation start`,
  );
  expect(popupAt).toBeGreaterThanOrEqual(1950);
  // 2 s after the navigation started, not 2 s after the app came alive (which measured 2.8 s);
  // on a machine so loaded that the app is not alive by then, as soon as it is. The margin is for
  // rendering the dialog on a loaded CI machine (two browsers and the server on two cores).
  expect(popupAt).toBeLessThan(Math.max(2000, readyAt) + 500);
});

test("SPEC timings: the plan's 'Setting up...' state is visible for its second", async ({ page }) => {
  await popupSeen(page);
  await signUpViaApi(page);
  await page.goto('/plan-selection');
  await page.getByRole('button', { name: 'Continue without Plan - Start with Weekly' }).click();
  const started = Date.now();
  await expect(page.getByRole('button', { name: 'Setting up...' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(Date.now() - started).toBeGreaterThanOrEqual(950);
});
