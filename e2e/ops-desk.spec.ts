import type { Browser, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { seriousViolations } from './axe';
import { appPage, expect, test } from './fixtures';
import { DISCOUNT_POPUP_SEEN_KEY, makeStaffWithCli, signUpViaApi, type NewMember } from './support';

/*
 * The operations desk end to end (issue 16): staff made with `npm run staff -- add` add a piece
 * from the inventory with one unit and a real photo; a member rents it; staff dispatch it from
 * Today; she marks it received and returns it; staff check it in as good and mark cleaning done;
 * only then can another member book the same dates. Axe runs on the desk's pages as they are used.
 */

async function newPage(browser: Browser, baseURL: string | undefined, width = 1280) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: width < 600 ? 844 : 900 } });
  await context.addInitScript((key) => window.localStorage.setItem(key, 'true'), DISCOUNT_POPUP_SEEN_KEY);
  return { context, page: appPage(await context.newPage()) };
}

/** A good test card and a delivery address, set over the API as a member would (decision 0030). */
async function readyToRent(page: Page, name: string): Promise<void> {
  const card = {
    cardNumber: '4242 4242 4242 4242',
    expiryMonth: '08',
    expiryYear: '2030',
    cvv: '123',
    cardholderName: name,
    billingAddress: { street: '12 Analytical Way', city: 'Brooklyn', state: 'NY', zipCode: '11201', country: 'US' },
  };
  const address = {
    recipientName: name,
    line1: '12 Analytical Way',
    line2: 'Apt 4B',
    city: 'Brooklyn',
    state: 'NY',
    zipCode: '11201',
  };
  for (const [path, data] of [
    ['/api/plans/payment-method', card],
    ['/api/orders/delivery-address', address],
    ['/api/plans/pickup', { option: 'online' }],
  ] as const) {
    const res = await page.request.put(path, { data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  }
}

async function staffAccount(page: Page): Promise<NewMember> {
  const staff = await signUpViaApi(page, { fullName: 'Sam Staff' });
  expect(makeStaffWithCli(staff.email)).toContain('is now staff');
  return staff;
}

interface Quote {
  available: boolean;
  startDate: string;
  endDate: string;
}

async function quote(page: Page, itemId: number): Promise<Quote> {
  const res = await page.request.get(`/api/rentals/quote?itemId=${itemId}&size=M`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Quote;
}

async function expectNoSeriousViolations(page: Page, what: string) {
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page), what).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    `${what} fits the screen`,
  ).toBe(true);
}

/** Picks an option as a person does: a click on its visible label (the radio itself is visually hidden). */
async function choose(scope: Locator, name: string) {
  // `has` is asked of each label: a locator from the page, not one already inside `scope`.
  await scope
    .locator('label')
    .filter({ has: scope.page().getByRole('radio', { name, exact: true }) })
    .click();
  await expect(scope.getByRole('radio', { name, exact: true })).toBeChecked();
}

test("a garment's life through the desk: added, rented, dispatched, received, returned, checked in, cleaned, and bookable again", async ({
  browser,
  baseURL,
}, testInfo) => {
  // Long: one garment's whole life, with three people; the axe checks are in the next test.
  test.setTimeout(480_000);
  const name = `Desk Life Coat ${Date.now().toString(36)}`;

  // Staff add the piece from the inventory: one unit of size M, then a real product photo.
  const staffCtx = await newPage(browser, baseURL);
  const staff = staffCtx.page;
  await staffAccount(staff);
  await staff.goto('/ops/inventory');
  await staff.getByRole('link', { name: 'Add a piece' }).click();
  await expect(staff).toHaveURL(/\/ops\/inventory\/new$/);
  await expect(staff).toHaveTitle('New piece · Ops desk · Rentique');
  const form = staff.getByRole('form', { name: 'New piece' });
  await form.getByRole('button', { name: 'Add piece' }).click();
  await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Brand').fill('Max Mara');
  await form.getByLabel('Category').selectOption('Jackets');
  await form.getByLabel('Gender').selectOption('Women');
  await form.getByLabel('Colour').fill('camel');
  await form.getByLabel('Tags').fill('wool, winter');
  await form.getByLabel('Description').fill('Double-faced camel wool coat with a wrap belt, cut long.');
  await form.getByLabel('Retail price ($)').fill('1890');
  await form.getByLabel('Units of size M').fill('1');
  await form.getByRole('button', { name: 'Add piece' }).click();
  await expect(staff.getByText('Piece added').first()).toBeVisible();
  await expect(staff).toHaveURL(/\/ops\/inventory\/\d+$/);
  const itemId = Number(/(\d+)$/.exec(staff.url())![1]);
  await expect(staff.getByRole('heading', { level: 1, name })).toBeVisible();
  const units = staff.getByRole('list', { name: `Units of ${name}` }).getByRole('listitem');
  await expect(units).toHaveCount(1);
  const unitCode = (await units.first().textContent())!.match(/RT-\d{6}/)![0];

  const photo = await sharp({
    create: { width: 800, height: 1000, channels: 3, background: { r: 150, g: 110, b: 70 } },
  })
    .jpeg()
    .toBuffer();
  await staff
    .getByLabel('Upload product photos')
    .setInputFiles({ name: 'coat.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(staff.getByText('Photos uploaded').first()).toBeVisible();
  await expect(staff.getByRole('heading', { name: 'Product photos' })).toBeVisible();
  // The photo replaces the drawings wherever the piece is shown.
  const shown = (await (await staff.request.get(`/api/items/${itemId}`)).json()) as { images: { kind: string }[] };
  expect(shown.images.map((i) => i.kind)).toEqual(['photo']);
  await staff.screenshot({ path: testInfo.outputPath('ops-inventory-item-1280.png'), fullPage: true });

  // A member with a card and an address rents it for the coming week.
  const mila = await newPage(browser, baseURL);
  await signUpViaApi(mila.page, { fullName: 'Mila Member' });
  await readyToRent(mila.page, 'Mila Member');
  const booked = await mila.page.request.post('/api/rentals', { data: { itemId, size: 'M' } });
  expect(booked.status(), await booked.text()).toBe(201);
  const { startDate, returnDate } = (await booked.json()) as { startDate: string; returnDate: string };

  // Another member cannot have those dates: the only unit is taken.
  const nora = await newPage(browser, baseURL);
  await signUpViaApi(nora.page, { fullName: 'Nora Next' });
  await readyToRent(nora.page, 'Nora Next');
  expect((await quote(nora.page, itemId)).available).toBe(false);

  // Staff dispatch it from Today: the card names the member, the size, the unit and the address.
  await staff.goto('/ops');
  await expect(staff).toHaveTitle('Today · Ops desk · Rentique');
  const toDispatch = staff
    .getByRole('list', { name: 'To dispatch' })
    .getByRole('article', { name: `${name} for Mila Member` });
  await expect(toDispatch).toContainText('Size M');
  await expect(toDispatch.getByTestId('unit-code')).toHaveText(unitCode);
  await expect(toDispatch).toContainText('12 Analytical Way');
  await toDispatch.getByRole('button', { name: `Mark dispatched: ${name} for Mila Member` }).click();
  await expect(staff.getByText(`${name} (${unitCode}) for Mila Member; she has been told.`)).toBeVisible();
  await expect(toDispatch).toHaveCount(0);

  // She sees it on its way, is told, marks it received and sends it back.
  await mila.page.goto('/dashboard');
  const rental = mila.page.getByRole('article', { name });
  await expect(rental.getByTestId('rental-status')).toHaveText('On its way');
  await expect(mila.page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  await rental.getByRole('button', { name: `I have received ${name}` }).click();
  await expect(mila.page.getByText('Marked as received').first()).toBeVisible();
  await expect(rental.getByTestId('rental-status')).toHaveText('With you');
  await expect(rental.getByRole('button', { name: `I have received ${name}` })).toHaveCount(0);
  // Return asks first: nothing happens until she confirms she has sent it back.
  await rental.getByRole('button', { name: `Return ${name}` }).click();
  const confirm = mila.page.getByRole('dialog', { name: `Return ${name}?` });
  await expect(confirm).toContainText('There is no refund for returning early.');
  await confirm.getByRole('button', { name: 'Not yet' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(rental.getByTestId('rental-status')).toHaveText('With you');
  await rental.getByRole('button', { name: `Return ${name}` }).click();
  await mila.page
    .getByRole('dialog', { name: `Return ${name}?` })
    .getByRole('button', { name: 'I have sent it back' })
    .click();
  await expect(mila.page.getByText('Item returned').first()).toBeVisible();

  // Staff check it in as good, from the list of what is coming back.
  await staff.goto('/ops/check-in');
  await expect(staff).toHaveTitle('Check-in · Ops desk · Rentique');
  await staff.getByRole('button', { name: `Check in ${name} (${unitCode})` }).click();
  await expect(staff).toHaveURL(new RegExp(`/ops/check-in\\?code=${unitCode}$`));
  const panel = staff.getByRole('region', { name });
  await expect(panel.getByTestId('unit-state')).toHaveText('On its way back');
  const checkIn = panel.getByRole('form', { name: 'Check in' });
  await checkIn.getByRole('button', { name: 'Check in' }).click();
  await expect(checkIn.getByRole('alert')).toHaveText('Grade the condition first');
  await choose(checkIn, 'Damaged');
  await expect(checkIn.getByRole('radio', { name: 'Cleaning' })).toBeDisabled();
  await choose(checkIn, 'Good');
  await expect(checkIn.getByRole('radio', { name: 'Cleaning' })).toBeChecked();
  await checkIn.getByLabel('Note (optional)').fill('A loose thread at the hem, trimmed.');
  await expectNoSeriousViolations(staff, '/ops/check-in with a unit to check in');
  await checkIn.getByRole('button', { name: 'Check in' }).click();
  await expect(staff.getByText('Checked in', { exact: true }).first()).toBeVisible();
  await expect(panel.getByTestId('unit-state')).toHaveText('Cleaning');
  await expect(staff.getByRole('list', { name: 'In cleaning' })).toContainText(unitCode);

  // Still in its cleaning window: not bookable yet.
  expect((await quote(nora.page, itemId)).available).toBe(false);

  // Retire is behind a confirm dialog that keeps the focus; cancelling changes nothing.
  const retire = panel.getByRole('button', { name: 'Retire unit' });
  await retire.click();
  const dialog = staff.getByRole('dialog', { name: 'Retire this unit?' });
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  await staff.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(retire).toBeFocused();

  await panel.getByRole('button', { name: 'Cleaning done' }).click();
  await expect(staff.getByText('Cleaning done: back on the shelf').first()).toBeVisible();
  await expect(panel.getByTestId('unit-state')).toHaveText('On the shelf');
  await staff.screenshot({ path: testInfo.outputPath('ops-check-in-1280.png'), fullPage: true });

  // Now the other member can book those very dates.
  const now = await quote(nora.page, itemId);
  expect(now).toMatchObject({ available: true, startDate });
  const second = await nora.page.request.post('/api/rentals', {
    data: { itemId, size: 'M', startDate, endDate: returnDate },
  });
  expect(second.status(), await second.text()).toBe(201);

  // The audit log has each move, by the staff member.
  await staff.goto(`/ops/audit?subjectType=unit&subjectId=${unitCode}`);
  const log = staff.getByRole('list', { name: 'Audit entries, newest first' });
  await expect(log).toContainText('Finished cleaning a unit');
  await expect(log).toContainText('Checked a unit in');

  for (const c of [staffCtx, mila, nora]) await c.context.close();
});

test('the desk on a phone: check-in, its retire dialog and the inventory editor fit 390 px and pass axe; a wrong code is said plainly', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  const { context, page } = await newPage(browser, baseURL, 390);
  await staffAccount(page);
  const first = (await (await page.request.get('/api/ops/inventory')).json()) as {
    items: { id: number; fromMember: boolean }[];
  };
  const house = first.items.find((i) => !i.fromMember)!;
  const detail = (await (await page.request.get(`/api/ops/items/${house.id}`)).json()) as {
    name: string;
    units: { code: string; state: string }[];
  };
  const unit = detail.units.find((u) => u.state === 'available') ?? detail.units[0]!;

  await page.goto('/ops/check-in');
  await page.getByLabel('Unit code').fill('banana');
  await page.getByRole('button', { name: 'Find unit' }).click();
  await expect(page.getByRole('alert')).toHaveText('The code must be a unit code like RT-000042');
  await page.getByLabel('Unit code').fill('rt999999999');
  await page.getByRole('button', { name: 'Find unit' }).click();
  await expect(page.getByRole('heading', { name: 'No unit has the code RT-999999999' })).toBeVisible();

  // Typed without the dash or zeros, the code finds the unit.
  await page.getByLabel('Unit code').fill(unit.code.replace('RT-0', 'rt').replace(/^rt0+/, 'rt'));
  await page.getByRole('button', { name: 'Find unit' }).click();
  await expect(page).toHaveURL(new RegExp(`code=${unit.code}$`));
  const panel = page.getByRole('region', { name: detail.name });
  await expect(panel.getByText(unit.code, { exact: true })).toBeVisible();
  // The unit's passport on the desk (every rental, check-in, cleaning and repair) is one click away.
  await expect(panel.getByRole('link', { name: 'Its whole history' })).toHaveAttribute(
    'href',
    `/ops/units/${unit.code}`,
  );
  await expectNoSeriousViolations(page, '/ops/check-in with a unit at 390 px');
  await page.screenshot({ path: testInfo.outputPath('ops-check-in-unit-390.png'), fullPage: true });

  // Retire asks first, in a dialog that holds the focus; Escape closes it and changes nothing.
  const retire = panel.getByRole('button', { name: 'Retire unit' });
  await retire.click();
  const dialog = page.getByRole('dialog', { name: 'Retire this unit?' });
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  await dialog.getByRole('button', { name: 'Retire unit' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Give a reason (at least 3 characters)');
  await expectNoSeriousViolations(page, 'the retire dialog at 390 px');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(retire).toBeFocused();

  await page.goto(`/ops/inventory/${house.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Edit piece' })).toBeVisible();
  await expectNoSeriousViolations(page, '/ops/inventory/:id at 390 px');
  await page.screenshot({ path: testInfo.outputPath('ops-inventory-item-390.png'), fullPage: true });

  await page.goto('/ops/inventory/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New piece' })).toBeVisible();
  await expectNoSeriousViolations(page, '/ops/inventory/new at 390 px');

  // A member gets 'Staff only' on the new pages too.
  const member = await newPage(browser, baseURL, 390);
  await signUpViaApi(member.page);
  await member.page.goto(`/ops/inventory/${house.id}`);
  await expect(member.page.getByRole('heading', { level: 1, name: 'Staff only' })).toBeVisible();
  await expect(member.page).toHaveTitle('Staff only · Rentique');
  await member.context.close();
  await context.close();
});
