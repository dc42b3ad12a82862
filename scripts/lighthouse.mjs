#!/usr/bin/env node
// npm run lighthouse: mobile Lighthouse scores (performance, accessibility, best practices) for
// /, /browse and an item page of the built app, served by the real server (production mode, temp
// DATA_DIR), audited in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium).
//
//   npm run build && npm run lighthouse             # builds first when WEB_DIST_DIR has no build
//   LIGHTHOUSE_MIN=95 npm run lighthouse            # exit 1 when a score is below 95
//
// Needs the dev dependency `lighthouse` (which brings `chrome-launcher`):
//   npm install --save-dev lighthouse@~12.8.2
// Full JSON reports are written to .tmp/lighthouse/.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CHROME_PATH, CHROMIUM_ARGS, startBuiltApp } from './lib/built-app.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const MIN = process.env.LIGHTHOUSE_MIN ? Number(process.env.LIGHTHOUSE_MIN) : null;

async function loadTools() {
  try {
    const { default: lighthouse } = await import('lighthouse');
    const chromeLauncher = await import('chrome-launcher');
    return { lighthouse, chromeLauncher };
  } catch (err) {
    console.error(
      'Lighthouse is not installed, so no scores can be measured.\n' +
        'Install it (it brings chrome-launcher), then run again:\n' +
        '  npm install --save-dev lighthouse@~12.8.2\n' +
        `(${err instanceof Error ? err.message.split('\n')[0] : String(err)})`,
    );
    process.exit(2);
  }
}

function lighthouseVersion() {
  try {
    return JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')).version;
  } catch {
    return '?';
  }
}

async function itemPath(url) {
  if ((await fetch(`${url}/api/items/7`)).ok) return '/item/7';
  const list = await (await fetch(`${url}/api/items?limit=1`)).json();
  return `/item/${list.items[0].id}`;
}

async function main() {
  const { lighthouse, chromeLauncher } = await loadTools();
  if (!existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH} (set CHROME_PATH)`);
  const server = await startBuiltApp({ name: 'lighthouse' });
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  const reports = path.resolve('.tmp/lighthouse');
  mkdirSync(reports, { recursive: true });
  const rows = [];
  try {
    const pages = ['/', '/browse', await itemPath(server.url)];
    for (const page of pages) {
      // Lighthouse's default config is the mobile one (Moto G Power emulation, simulated slow 4G).
      // A trace Chromium failed to record (NO_NAVSTART, now and then in headless runs) is retried.
      let result;
      for (let attempt = 1; ; attempt++) {
        result = await lighthouse(`${server.url}${page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
        if (!result) throw new Error(`no Lighthouse result for ${page}`);
        const error = result.lhr.runtimeError;
        if (!error) break;
        if (error.code !== 'NO_NAVSTART' || attempt === 3) throw new Error(`${page}: ${error.code} ${error.message}`);
        console.log(`${page}: ${error.code}, measuring again`);
      }
      const { lhr } = result;
      const name = page === '/' ? 'home' : page.slice(1).replace(/\//g, '-');
      writeFileSync(path.join(reports, `${name}.json`), typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
      const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
      const metric = (id) => lhr.audits[id]?.displayValue ?? '-';
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && !['informative', 'manual', 'notApplicable'].includes(a.scoreDisplayMode))
        .map((a) => a.id);
      rows.push({ page, perf: score('performance'), a11y: score('accessibility'), bp: score('best-practices'), fcp: metric('first-contentful-paint'), lcp: metric('largest-contentful-paint'), tbt: metric('total-blocking-time'), cls: metric('cumulative-layout-shift'), failing });
    }
  } finally {
    await chrome.kill();
    await server.stop();
  }

  console.log(`\nLighthouse ${lighthouseVersion()}, mobile (default config), ${CHROME_PATH}\n`);
  console.log('| page | performance | accessibility | best practices | FCP | LCP | TBT | CLS |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.page} | ${r.perf} | ${r.a11y} | ${r.bp} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} |`);
  for (const r of rows) if (r.failing.length) console.log(`${r.page}: failed audits: ${r.failing.join(', ')}`);
  console.log(`\nreports: ${reports}/*.json`);
  if (MIN !== null) {
    const low = rows.flatMap((r) => [['performance', r.perf], ['accessibility', r.a11y], ['best practices', r.bp]].filter(([, s]) => s === null || s < MIN).map(([c, s]) => `${r.page} ${c} ${s}`));
    if (low.length) {
      console.log(`below ${MIN}: ${low.join('; ')}`);
      process.exit(1);
    }
    console.log(`every score >= ${MIN}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
