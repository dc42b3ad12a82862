import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signUpViaApi, signUpViaUi } from './support';

const card = (page: Page) => page.getByTestId('swipe-card');
const counter = (page: Page) => page.getByTestId('daily-counter');
const cardName = async (page: Page) => (await card(page).getByRole('heading').textContent())!.trim();

/** Drags the card horizontally with a real mouse, checking the label shown on the way. */
async function dragCard(page: Page, dx: number, label: 'Like' | 'Nope') {
  await card(page).evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
  const box = (await card(page).boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 3;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + Math.sign(dx) * 30, y, { steps: 5 });
  await expect(card(page).getByText(label, { exact: true })).toBeHidden(); // below 50 px: no label yet
  await page.mouse.move(x + dx, y, { steps: 12 });
  await expect(card(page).getByText(label, { exact: true })).toBeVisible();
  await page.mouse.up();
}

test('like one, skip two (buttons and a drag), hit the daily limit, find the like in favorites and remove it', async ({
  page,
}) => {
  await signUpViaUi(page, { fullName: 'Mila Match' });
  await page.goto('/match');
  await expect(page.getByRole('heading', { name: 'Match Your Outfit' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Women', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(counter(page)).toHaveText('Viewed today: 0 / 3');

  // 1. Like with the button.
  const liked = await cardName(page);
  await page.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(page.getByText('Added to Favorites!')).toBeVisible();
  await expect(page.getByText(`${liked} has been saved to your favorites`)).toBeVisible();
  await expect(counter(page)).toHaveText('Viewed today: 1 / 3');
  await expect(card(page).getByRole('heading')).not.toHaveText(liked);

  // 2. Skip with a real mouse drag past 100 px to the left (NOPE shows from 50 px).
  const dragged = await cardName(page);
  await expect(page.getByRole('button', { name: 'Like', exact: true })).toBeEnabled();
  await dragCard(page, -170, 'Nope');
  await expect(counter(page)).toHaveText('Viewed today: 2 / 3');
  await expect(card(page).getByRole('heading')).not.toHaveText(dragged);

  // A short drag decides nothing: the card comes back.
  const third = await cardName(page);
  await expect(page.getByRole('button', { name: 'Like', exact: true })).toBeEnabled();
  await card(page).evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
  const box = (await card(page).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 100);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 80, box.y + 100, { steps: 8 });
  await expect(card(page).getByText('Like', { exact: true })).toBeVisible();
  await page.mouse.up();
  await expect(counter(page)).toHaveText('Viewed today: 2 / 3');
  await expect(card(page).getByRole('heading')).toHaveText(third);

  // 3. Skip with the button: that is three, the limit.
  await page.getByRole('button', { name: 'Skip', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Daily limit reached' })).toBeVisible();
  await expect(page.getByText("You've reached your daily limit of 3 items. Come back tomorrow!")).toBeVisible();
  await expect(counter(page)).toHaveText('Viewed today: 3 / 3');
  await expect(card(page)).toHaveCount(0);

  // The server holds the limit: a reload is still limited, and so is a direct API call.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Daily limit reached' })).toBeVisible();
  const deck = await page.request.get('/api/match/deck?gender=Women');
  const next = ((await deck.json()) as { items: { item: { id: number } }[] }).items[0]!.item.id;
  const refused = await page.request.post('/api/match/swipes', { data: { itemId: next, action: 'like' } });
  expect(refused.status()).toBe(429);
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

  // Favorites: the liked item, linking to its page; remove shows on hover.
  await page.goto('/favorites');
  const fav = page.getByTestId('favorite-card');
  await expect(fav).toHaveCount(1);
  await expect(fav.getByRole('heading', { name: liked })).toBeVisible();
  await expect(fav.getByRole('link')).toHaveAttribute('href', /^\/item\/\d+$/);
  const remove = fav.getByRole('button', { name: `Remove ${liked} from favorites` });
  await expect(remove).toHaveCSS('opacity', '0');
  await fav.hover();
  await expect(remove).toHaveCSS('opacity', '1');
  await remove.click();
  await expect(page.getByText('Removed', { exact: true })).toBeVisible();
  await expect(page.getByText('Item removed from favorites')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Matching' })).toHaveAttribute('href', '/match');
  await expect(page.getByRole('link', { name: 'Browse the Collection' })).toHaveAttribute('href', '/browse');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
});

test('keyboard, details dialog and progress per gender survive a reload (reduced motion)', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signUpViaApi(page, { gender: 'male' });
  await page.goto('/match');
  await expect(card(page)).toBeVisible();
  const firstWomen = await cardName(page);

  // Tap opens the details; its buttons decide.
  await card(page).click();
  const dialog = page.getByRole('dialog', { name: firstWomen });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Sizes')).toBeVisible();
  await expect(dialog.getByText('Materials')).toBeVisible();
  await expect(dialog.getByText('Care instructions')).toBeVisible();
  await expect(dialog.getByRole('img', { name: /Rated .* out of 5/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Skip This Item' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Love This Item' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${firstWomen} has been saved to your favorites`)).toBeVisible();
  const secondWomen = await cardName(page);

  // Men: the right arrow likes, the left arrow skips.
  await page.getByRole('button', { name: 'Men', exact: true }).click();
  await expect(page).toHaveURL(/gender=men/);
  const firstMen = await cardName(page);
  await page.keyboard.press('ArrowLeft');
  await expect(counter(page)).toHaveText('Viewed today: 2 / 3');
  const secondMen = await cardName(page);
  expect(secondMen).not.toBe(firstMen);

  // Reload without the query: the last gender and its place come back.
  await page.goto('/match');
  await expect(page.getByRole('button', { name: 'Men', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(card(page).getByRole('heading')).toHaveText(secondMen);
  await page.getByRole('button', { name: 'Women', exact: true }).click();
  await expect(card(page).getByRole('heading')).toHaveText(secondWomen);

  await page.keyboard.press('ArrowRight');
  await expect(page.getByText(`${secondWomen} has been saved to your favorites`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Daily limit reached' })).toBeVisible();

  await page.goto('/favorites');
  await expect(page.getByTestId('favorite-card').getByRole('heading')).toHaveText([secondWomen, firstWomen]);
});

test('a visitor sees Login Required with Sign Up Now and Sign In', async ({ page }) => {
  await page.goto('/match');
  await expect(page.getByRole('heading', { name: 'Match Your Outfit' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign Up Now' })).toHaveAttribute('href', '/signup');
  await expect(page.getByRole('link', { name: 'Sign In', exact: true }).last()).toHaveAttribute('href', '/login');
  expect((await page.request.get('/api/match/daily')).status()).toBe(401);
});

test("the item page's Add to Wishlist adds and removes the same favorite, without counting a view", async ({
  page,
}) => {
  await signUpViaApi(page);
  const deck = await page.request.get('/api/match/deck?gender=Women');
  const item = ((await deck.json()) as { items: { item: { id: number; name: string } }[] }).items[0]!.item;
  await page.goto(`/item/${item.id}`);
  const wish = page.getByRole('button', { name: 'Add to Wishlist' });
  await wish.click();
  await expect(page.getByText(`${item.name} has been saved to your favorites`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'In Your Wishlist' })).toHaveAttribute('aria-pressed', 'true');
  expect(((await (await page.request.get('/api/match/daily')).json()) as { count: number }).count).toBe(0);

  await page.goto('/favorites');
  await expect(page.getByTestId('favorite-card').getByRole('heading', { name: item.name })).toBeVisible();
  await page.getByTestId('favorite-card').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/item/${item.id}$`));
  await page.getByRole('button', { name: 'In Your Wishlist' }).click();
  await expect(page.getByText('Item removed from favorites')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Wishlist' })).toHaveAttribute('aria-pressed', 'false');
  await page.goto('/favorites');
  await expect(page.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
});
