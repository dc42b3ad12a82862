#!/usr/bin/env node
// The front-end budget: the JS a first visit to `/` must download (the entry chunk, the app it
// starts once the page is painted, the home route chunk, and everything they import statically),
// gzipped, must stay under the budget.
// Reads the Vite manifest of a build (WEB_DIST_DIR or dist/web). Prints a table; exits 1 if over.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = Number(process.env.BUNDLE_BUDGET_KB ?? 150);
const dist = path.resolve(process.env.WEB_DIST_DIR ?? 'dist/web');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const HOME_ROUTE = 'features/home/routes/home.tsx';
// main.tsx imports the app dynamically (after the first paint), but every visit loads it.
const APP_START = 'app/start.tsx';

const seen = new Set();
function collect(key) {
  if (seen.has(key)) return;
  const entry = manifest[key];
  if (!entry) throw new Error(`not in the manifest: ${key}`);
  seen.add(key);
  for (const dep of entry.imports ?? []) collect(dep);
}
collect('index.html');
if (!manifest[APP_START]) throw new Error(`not in the manifest: ${APP_START} (did main.tsx stop importing it?)`);
collect(APP_START);
if (manifest[HOME_ROUTE]) collect(HOME_ROUTE);

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
process.exit(total <= BUDGET_KB ? 0 : 1);
