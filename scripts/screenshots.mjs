#!/usr/bin/env node
// npm run screenshots: the pages a member and staff use, and the footer's pages and the item
// pages, at 390 and 1280 px, for people to look at (not a check: the browser tests check
// behaviour). Written to .tmp/screens/ (SCREENSHOTS_DIR to change it).
//
//   npm run screenshots                                  # starts the built app on a spare port
//   SCREENS_ONLY=listing-tab,ops-managed npm run screenshots   # only those pages
//
// A member with a card and an address books a house piece; a staff member is made with the staff
// command (npm run staff -- add) on the app's DATA_DIR. Playwright drives Debian's Chromium
// (CHROME_PATH, default /usr/bin/chromium), as scripts/contact-sheet.mjs does.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { CHROME_PATH, CHROMIUM_ARGS, startBuiltApp } from './lib/built-app.mjs';

const OUT = path.resolve(process.env.SCREENSHOTS_DIR ?? '.tmp/screens');
const SEEN_KEY = 'rentique.discountPopupSeen';
const PASSWORD = 'correct horse battery';
const STATIC_SLUG = 'black-north-face-fleece-half-zip';
const FOOTER_PAGES = ['/about', '/sustainability', '/blog', '/careers', '/help', '/contact', '/privacy', '/terms'];
const CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiryMonth: '08',
  expiryYear: '2030',
  cvv: '123',
  cardholderName: 'Nora Screens',
  billingAddress: { street: '12 Analytical Way', city: 'Brooklyn', state: 'NY', zipCode: '11201', country: 'US' },
};
const ADDRESS = {
  recipientName: 'Nora Screens',
  line1: '12 Analytical Way',
  city: 'Brooklyn',
  state: 'NY',
  zipCode: '11201',
};

async function ok(res, what) {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return res;
}

async function signUp(context, fullName) {
  const email = `screens.${randomBytes(4).toString('hex')}@example.com`;
  await ok(
    await context.request.post('/api/auth/sign-up/email', {
      data: { email, password: PASSWORD, name: fullName, fullName, gender: 'female' },
    }),
    'sign up',
  );
  return email;
}

/** A piece she lists (managed or self-lent), approved by staff; its id. */
async function listPiece(member, staff, name, lendingMode) {
  const photo = await sharp({
    create: { width: 800, height: 1000, channels: 3, background: { r: 150, g: 120, b: 100 } },
  })
    .jpeg()
    .toBuffer();
  const data = {
    name,
    brand: 'Khaite',
    category: 'Dresses',
    description: 'Silk column dress, floor length, worn once to a gala.',
    retailPriceCents: 40_000,
    rentalPriceCents: 4_000,
    gender: 'Women',
    sizes: ['M'],
    handover: 'pickup',
    lendingMode,
  };
  const res = await ok(
    await member.request.post('/api/listings', {
      multipart: { data: JSON.stringify(data), photos: { name: 'p.jpg', mimeType: 'image/jpeg', buffer: photo } },
    }),
    'list a piece',
  );
  const { id } = await res.json();
  await ok(await staff.request.post(`/api/ops/listings/${id}/approve`), 'approve');
  return id;
}

/** Her pieces on the Listing tab: one with its pickup booked, one live in our care, one self-lent; one more on the desk's list. */
async function lendPieces(member, staff) {
  // Lending is for verified members (decision 0068): the simulated identity check passes this document.
  const verified = await member.request.post('/api/protection/verification', {
    data: { documentType: 'passport', documentNumber: 'P1234567', selfie: true },
  });
  if (![200, 409].includes(verified.status())) throw new Error(`verify: ${verified.status()} ${await verified.text()}`);
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const address = '12 Analytical Way, Brooklyn NY 11201';
  const pickup = (id) =>
    member.request.post(`/api/managed/items/${id}/intake`, { data: { method: 'pickup', day, address } });
  await ok(await pickup(await listPiece(member, staff, 'Silk Column Dress', 'managed')), 'pickup');
  const live = await listPiece(member, staff, 'Velvet Evening Gown With A Rather Long Name', 'managed');
  await ok(await pickup(live), 'pickup');
  await listPiece(member, staff, 'Linen Wrap Dress', 'self');
  await listPiece(member, staff, 'Tweed Blazer', 'managed');
  const board = await (await staff.request.get('/api/ops/managed')).json();
  const intake = board.incoming.find((i) => i.itemId === live);
  for (const [step, body] of [['receive'], ['check', { accept: true, note: 'As in her photos.' }], ['live']])
    await ok(
      await staff.request.post(`/api/ops/managed/intakes/${intake.id}/${step}`, body ? { data: body } : {}),
      step,
    );
}

function makeStaff(dataDir, email) {
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  const r = spawnSync('npm', ['run', '--silent', 'staff', '--', 'add', email], { env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm run staff -- add ${email} failed: ${r.stderr}${r.stdout}`);
}

const app = await startBuiltApp({ name: 'screens' });
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS });
try {
  mkdirSync(OUT, { recursive: true });
  const open = async (width) => {
    const context = await browser.newContext({
      baseURL: app.url,
      viewport: { width, height: width < 500 ? 844 : 900 },
    });
    await context.addInitScript((key) => window.localStorage.setItem(key, 'true'), SEEN_KEY);
    return context;
  };

  // A member with a card and an address who has booked a house piece.
  const member = await open(1280);
  await signUp(member, 'Nora Screens');
  await ok(await member.request.put('/api/plans/payment-method', { data: CARD }), 'card');
  await ok(await member.request.put('/api/orders/delivery-address', { data: ADDRESS }), 'address');
  await ok(await member.request.put('/api/plans/pickup', { data: { option: 'online' } }), 'pickup');
  const list = await (await member.request.get('/api/items?category=Dresses&limit=24')).json();
  let itemId = list.items[0].id;
  let orderNumber;
  for (const { id } of list.items) {
    const item = await (await member.request.get(`/api/items/${id}`)).json();
    const size = item.sizes[0];
    if (item.fromMember || !size) continue;
    const booked = await member.request.post('/api/rentals', { data: { itemId: id, size } });
    if (booked.status() !== 201) continue;
    itemId = id;
    orderNumber = (await booked.json()).orderNumber;
    break;
  }
  const staff = await open(1280);
  makeStaff(app.dataDir, await signUp(staff, 'Sam Desk'));
  await lendPieces(member, staff);
  const cookies = { member: await member.cookies(), staff: await staff.cookies() };

  const pages = [
    { name: 'home', path: '/' },
    { name: 'browse', path: '/browse' },
    { name: 'item', path: `/item/${itemId}` },
    { name: 'static-item', path: `/items/${STATIC_SLUG}` },
    { name: 'pricing', path: '/pricing' },
    ...FOOTER_PAGES.map((p) => ({ name: p.slice(1), path: p })),
    { name: 'dashboard', path: '/dashboard', as: 'member' },
    { name: 'orders', path: '/orders', as: 'member' },
    ...(orderNumber ? [{ name: 'order', path: `/orders/${orderNumber}`, as: 'member' }] : []),
    { name: 'item-member', path: `/item/${itemId}`, as: 'member' },
    { name: 'requests', path: '/requests', as: 'member' },
    { name: 'listing-tab', path: '/dashboard?tab=listing', as: 'member' },
    { name: 'listing-form', path: '/dashboard?tab=listing', as: 'member', click: 'List an item' },
    { name: 'payouts', path: '/lending/payouts', as: 'member' },
    { name: 'account', path: '/account', as: 'member' },
    { name: 'ops', path: '/ops', as: 'staff' },
    { name: 'ops-inventory', path: '/ops/inventory', as: 'staff' },
    { name: 'ops-claims', path: '/ops/claims', as: 'staff' },
    { name: 'ops-check-in', path: '/ops/check-in', as: 'staff' },
    { name: 'ops-managed', path: '/ops/managed', as: 'staff' },
  ];
  const only = process.env.SCREENS_ONLY?.split(',');
  for (const width of [390, 1280]) {
    for (const p of pages.filter((x) => !only || only.includes(x.name))) {
      const context = await open(width);
      if (p.as) await context.addCookies(cookies[p.as]);
      const page = await context.newPage();
      await page.goto(p.path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      if (p.click) {
        await page.getByRole('button', { name: p.click }).click();
        await page.getByRole('dialog').waitFor();
      }
      const file = path.join(OUT, `${p.name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await app.stop();
}
