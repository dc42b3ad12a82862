#!/usr/bin/env node
// npm run contact-sheet: the whole catalogue at a glance. One PNG per category, 1280 px wide,
// with every item of the category (its first picture, the name under it), plus the browse page
// at 390 and 1280 px, written to .tmp/contact-sheets/ (CONTACT_SHEET_DIR to change it).
//
//   npm run contact-sheet                                   # starts the built app on a spare port
//   CONTACT_SHEET_URL=http://localhost:3000 npm run contact-sheet   # uses a running app
//   CONTACT_SHEET_VIEWS=front,back,detail npm run contact-sheet     # every view side by side
//
// Playwright drives Debian's Chromium (CHROME_PATH, default /usr/bin/chromium), as the browser
// tests and scripts/lighthouse.mjs do. Starting the app needs a build (it builds one if missing).
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROME_PATH, CHROMIUM_ARGS, startBuiltApp } from './lib/built-app.mjs';

const OUT = path.resolve(process.env.CONTACT_SHEET_DIR ?? '.tmp/contact-sheets');
const VIEWS = (process.env.CONTACT_SHEET_VIEWS ?? 'front')
  .split(',')
  .map((v) => v.trim())
  .filter(Boolean);
const CATEGORIES = [
  'Dresses',
  'Tops',
  'Shirts',
  'Skirts',
  'Pants',
  'Jackets',
  'Hoodies',
  'Sets',
  'Work Outfit',
  'Mountain Outfit',
  'Shoes',
  'Accessories',
];

/** The app on a spare port with a throwaway DATA_DIR (seeded on start), or the one given. */
async function startApp() {
  if (process.env.CONTACT_SHEET_URL)
    return { url: process.env.CONTACT_SHEET_URL.replace(/\/$/, ''), stop: async () => {} };
  return startBuiltApp({ name: 'sheets' });
}

/** Every item of a category, page by page. */
async function itemsOf(url, category) {
  const items = [];
  let cursor;
  do {
    const qs = new URLSearchParams({ category, sort: 'newest', limit: '48', ...(cursor ? { cursor } : {}) });
    const res = await fetch(`${url}/api/items?${qs}`);
    if (!res.ok) throw new Error(`GET /api/items?${qs}: ${res.status}`);
    const page = await res.json();
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items.sort((a, b) => a.id - b.id);
}

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The pictures of an item to show: the first one, or the named views when it has them. */
async function picturesOf(url, item) {
  if (VIEWS.length === 1 && VIEWS[0] === 'front') return [item.imageUrl];
  const full = await (await fetch(`${url}/api/items/${item.id}`)).json();
  const byView = VIEWS.map((v) => full.images.find((i) => i.view === v)?.url).filter(Boolean);
  return byView.length ? byView : [full.imageUrl];
}

function sheet(url, category, rows) {
  const cols = VIEWS.length > 1 ? VIEWS.length * Math.max(1, Math.floor(6 / VIEWS.length)) : 6;
  const cells = rows
    .flatMap(({ item, pictures }) =>
      pictures.map(
        (src, i) =>
          `<figure><img src="${url}${esc(src)}" alt=""><figcaption><b>${esc(item.name)}</b>${pictures.length > 1 ? ` · ${esc(VIEWS[i])}` : ''}<span>${esc(item.brand)} · #${item.id}</span></figcaption></figure>`,
      ),
    )
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    body{margin:0;background:#f7f3ee;font:13px/1.35 'Inter Variable',system-ui,sans-serif;color:#1c1917}
    header{padding:28px 32px 8px;display:flex;align-items:baseline;gap:16px}
    h1{font:500 34px/1 'Cormorant Garamond',Georgia,serif;margin:0}
    header p{margin:0;color:#756b62}
    main{display:grid;grid-template-columns:repeat(${cols},1fr);gap:18px 14px;padding:16px 32px 32px}
    figure{margin:0}
    img{width:100%;aspect-ratio:1;display:block;border-radius:4px;background:#ebe3d8;object-fit:cover}
    figcaption{margin-top:6px}figcaption b{display:block;font-weight:500}figcaption span{color:#756b62;font-size:11px}
  </style></head><body><header><h1>${esc(category)}</h1><p>${rows.length} pieces</p></header><main>${cells}</main></body></html>`;
}

async function main() {
  if (!existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH} (set CHROME_PATH)`);
  mkdirSync(OUT, { recursive: true });
  const app = await startApp();
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS });
  const written = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const category of CATEGORIES) {
      const items = await itemsOf(app.url, category);
      if (items.length === 0) continue;
      const rows = [];
      for (const item of items) rows.push({ item, pictures: await picturesOf(app.url, item) });
      // Served at the app's own origin (its pictures are same-origin resources).
      const html = sheet(app.url, category, rows);
      await page.route(`${app.url}/__contact-sheet`, (route) =>
        route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }),
      );
      await page.goto(`${app.url}/__contact-sheet`, { waitUntil: 'load' });
      await page.unroute(`${app.url}/__contact-sheet`);
      await page.waitForFunction(
        () => [...document.images].every((img) => img.complete && img.naturalWidth > 0),
        null,
        { timeout: 60_000 },
      );
      const file = path.join(OUT, `${category.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.png`);
      await page.screenshot({ path: file, fullPage: true });
      written.push(`${file} (${items.length} items)`);
    }
    // The browse page as a visitor sees it, on a phone and on a laptop.
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
      await context.addInitScript(() => window.localStorage.setItem('rentique.discountPopupSeen', 'true'));
      const p = await context.newPage();
      await p.goto(`${app.url}/browse`, { waitUntil: 'networkidle' });
      // Scroll through once so the lazy pictures load, then back to the top.
      const height = await p.evaluate(() => document.body.scrollHeight);
      for (let y = 0; y < height; y += 600) await p.evaluate((top) => window.scrollTo(0, top), y);
      await p.evaluate(() => window.scrollTo(0, 0));
      await p.waitForLoadState('networkidle');
      await p.waitForFunction(() => [...document.images].every((i) => i.complete), null, { timeout: 60_000 });
      const file = path.join(OUT, `browse-${width}.png`);
      await p.screenshot({ path: file, fullPage: true });
      written.push(file);
      await context.close();
    }
  } finally {
    await browser.close();
    await app.stop();
  }
  console.log(`contact sheets (${VIEWS.join(', ')}):\n${written.map((w) => `  ${w}`).join('\n')}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
