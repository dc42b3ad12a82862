#!/usr/bin/env node
// The front-end budget: the JS a first visit to `/` downloads (what React Router's page imports:
// the matched routes' modules (root, the public section, home) with everything they import
// statically, the browser entry, and the hydration code the entry loads once the page has painted
// (app/hydrate.tsx) with its imports), gzipped, must stay under the budget (170 KB, decision 0051:
// what users feel is measured by Lighthouse; this is the size guard beside it). Reads React
// Router's asset manifest from the server build and Vite's manifest (WEB_DIST_DIR or dist/web).
// Prints a table; exits 1 if over budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = Number(process.env.BUNDLE_BUDGET_KB ?? 170);
const dist = path.resolve(process.env.WEB_DIST_DIR ?? 'dist/web');
const client = path.join(dist, 'client');
/** React Router's manifest of the build: each route's module, its static imports and styles. */
const { assets, routeDiscovery } = await import(pathToFileURL(path.join(dist, 'server', 'index.js')).href);
// With lazy route discovery the page inlines its own routes' part of the route manifest and
// fetches the rest from /__manifest as links appear; with 'initial' it imports the whole file.
const MANIFEST = routeDiscovery?.mode === 'initial' ? [assets.url] : [];

const HOME = ['root', 'app/public-section', 'features/home/routes/home'];
/** Printed beside `/` (the budget is on `/`): the catalogue's first page. */
const BROWSE = ['root', 'app/public-section', 'features/catalogue/routes/browse'];

/** Vite's manifest of the browser build: each chunk's static and dynamic imports. */
const vite = JSON.parse(readFileSync(path.join(client, '.vite', 'manifest.json'), 'utf8'));
const viteChunkOf = (url) => Object.values(vite).find((c) => `/${c.file}` === url);
/** A Vite chunk's file and everything it imports statically, as URLs. */
function staticClosure(key, into) {
  const chunk = vite[key];
  if (!chunk || into.has(`/${chunk.file}`)) return into;
  into.add(`/${chunk.file}`);
  for (const dep of chunk.imports ?? []) staticClosure(dep, into);
  return into;
}
// The entry's own imports, and what it loads once the page has painted (every visit does).
const entryChunk = viteChunkOf(assets.entry.module);
if (!entryChunk) throw new Error(`not in Vite's manifest: ${assets.entry.module}`);
const ENTRY = new Set([assets.entry.module, ...assets.entry.imports]);
for (const dep of entryChunk.imports ?? []) staticClosure(dep, ENTRY);
for (const key of entryChunk.dynamicImports ?? []) staticClosure(key, ENTRY);

/** The files a page made of `routeIds` loads before it is live. */
function filesOf(routeIds) {
  const files = new Set([...MANIFEST, ...ENTRY]);
  for (const id of routeIds) {
    const route = assets.routes[id];
    if (!route) throw new Error(`not in the build's manifest: route ${id}`);
    files.add(route.module);
    for (const f of route.imports ?? []) files.add(f);
  }
  return files;
}

const sizes = (routeIds) =>
  [...filesOf(routeIds)].map((url) => {
    const raw = readFileSync(path.join(client, url));
    return { file: url.slice(1), kb: raw.length / 1024, gzKb: gzipSync(raw, { level: 9 }).length / 1024 };
  });
const rows = sizes(HOME);
rows.sort((a, b) => b.gzKb - a.gzKb);
const total = rows.reduce((s, r) => s + r.gzKb, 0);
console.log('Initial JS for /');
console.log('| file | raw KB | gzip KB |\n|---|---:|---:|');
for (const r of rows) console.log(`| ${r.file} | ${r.kb.toFixed(1)} | ${r.gzKb.toFixed(1)} |`);
console.log(
  `| **total** (${rows.length} files) | ${rows.reduce((s, r) => s + r.kb, 0).toFixed(1)} | **${total.toFixed(1)}** |`,
);
console.log(
  `Initial JS for /browse: ${sizes(BROWSE)
    .reduce((s, r) => s + r.gzKb, 0)
    .toFixed(1)} KB gzip`,
);
console.log(`budget ${BUDGET_KB} KB gzip on /: ${total <= BUDGET_KB ? 'within' : 'OVER'}`);

process.exit(total <= BUDGET_KB ? 0 : 1);
