#!/usr/bin/env node
// The front-end budget: the JS a first visit to `/` must download (the entry chunk, the app it
// starts once the page is painted, the home route chunk, and everything they import statically),
// gzipped, must stay under the budget. And the public pages (rendered on the server, then
// hydrated) must not load zod: building schemas is work their first load does not need
// (docs/decisions/0010); the web imports constants from the zod-free src/domain/*.rules.ts.
// Reads the Vite manifest and source maps of a build (WEB_DIST_DIR or dist/web). Prints a table;
// exits 1 if over budget or if a public page's code includes zod.
import { existsSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = Number(process.env.BUNDLE_BUDGET_KB ?? 150);
const dist = path.resolve(process.env.WEB_DIST_DIR ?? 'dist/web');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const HOME_ROUTE = 'features/home/routes/home.tsx';
// main.tsx imports the app dynamically (after the first paint), but every visit loads it.
const APP_START = 'app/start.tsx';

const PUBLIC_ROUTES = [
  HOME_ROUTE,
  'features/home/routes/how-it-works.tsx',
  'features/plans/routes/pricing.tsx',
  'features/catalogue/routes/browse.tsx',
  'features/catalogue/routes/item.tsx',
  'features/catalogue/routes/static-item.tsx',
];

/** The manifest keys of `key` and everything it imports statically. */
function collect(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const entry = manifest[key];
  if (!entry) throw new Error(`not in the manifest: ${key}`);
  seen.add(key);
  for (const dep of entry.imports ?? []) collect(dep, seen);
  return seen;
}
const seen = collect('index.html');
if (!manifest[APP_START]) throw new Error(`not in the manifest: ${APP_START} (did main.tsx stop importing it?)`);
collect(APP_START, seen);
if (manifest[HOME_ROUTE]) collect(HOME_ROUTE, seen);

const rows = [...seen].map((key) => {
  const file = manifest[key].file;
  const raw = readFileSync(path.join(dist, file));
  return { file, kb: raw.length / 1024, gzKb: gzipSync(raw, { level: 9 }).length / 1024 };
});
rows.sort((a, b) => b.gzKb - a.gzKb);
const total = rows.reduce((s, r) => s + r.gzKb, 0);
console.log('Initial JS for /');
console.log('| file | raw KB | gzip KB |\n|---|---:|---:|');
for (const r of rows) console.log(`| ${r.file} | ${r.kb.toFixed(1)} | ${r.gzKb.toFixed(1)} |`);
console.log(`| **total** | ${rows.reduce((s, r) => s + r.kb, 0).toFixed(1)} | **${total.toFixed(1)}** |`);
console.log(`budget ${BUDGET_KB} KB gzip: ${total <= BUDGET_KB ? 'within' : 'OVER'}`);

// Which public pages load zod, read from the chunks' source maps (each map read once).
const zodIn = new Map();
function includesZod(key) {
  const file = manifest[key].file;
  if (!zodIn.has(file)) {
    // Only the bundler's own runtime chunk comes without a map.
    const map = path.join(dist, `${file}.map`);
    zodIn.set(file, existsSync(map) && JSON.parse(readFileSync(map, 'utf8')).sources.some((src) => src.includes('node_modules/zod/')));
  }
  return zodIn.get(file);
}
const appKeys = collect(APP_START, collect('index.html'));
const withZod = [];
for (const route of PUBLIC_ROUTES) {
  if (!manifest[route]) throw new Error(`not in the manifest: ${route}`);
  if (!existsSync(path.join(dist, `${manifest[route].file}.map`))) throw new Error(`no source map for ${manifest[route].file} (build.sourcemap is needed)`);
  const culprits = [...collect(route, new Set(appKeys))].filter(includesZod);
  if (culprits.length) withZod.push(`${route} (via ${culprits.map((k) => manifest[k].file).join(', ')})`);
}
console.log(withZod.length ? `public pages that load zod:\n  ${withZod.join('\n  ')}` : `public pages that load zod: none (${PUBLIC_ROUTES.length} checked)`);
process.exit(total <= BUDGET_KB && withZod.length === 0 ? 0 : 1);
