import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { expectAddedThenDashboard, readyToRentViaApi, signUpViaApi, skipDiscountPopup } from './support';

/*
 * The static pages: the item pages by slug (rendered for search engines) and the footer's pages.
 */

const STATIC_SLUG = 'black-north-face-fleece-half-zip';

test.describe('the static item pages', () => {
  test('Rent Now rents the chosen size and the heart saves a favorite, like the item page', async ({ page }) => {
    await skipDiscountPopup(page);
    await signUpViaApi(page, { fullName: 'Stella Static' });
    await readyToRentViaApi(page);
    await page.goto(`/items/${STATIC_SLUG}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const heart = page.getByRole('button', { name: 'Add to favorites' });
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
    await expectAddedThenDashboard(page);
  });

  test('without JavaScript, Rent Now and the heart are links somewhere sensible', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/items/${STATIC_SLUG}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const item = (await (await page.request.get(`/api/items/by-slug/${STATIC_SLUG}`)).json()) as { id: number };
    const rent = page.getByRole('link', { name: 'Rent Now' });
    await expect(rent).toHaveAttribute('href', `/item/${item.id}`);
    await expect(page.getByRole('link', { name: 'Add to favorites' })).toHaveAttribute('href', '/favorites');
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
    await skipDiscountPopup(page);
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
