#!/usr/bin/env node
// npm run lighthouse: mobile Lighthouse scores (performance, accessibility, best practices) for
// the public pages as a visitor, the member's pages as a member (signed up over the API first; her
// session cookie is put in the browser's cookie jar, as signing in would) and the desk's pages as staff, of the built app
// served by the real server (production mode, temp DATA_DIR), audited in Debian's Chromium
// (CHROME_PATH, default /usr/bin/chromium). The app is served over HTTPS with HTTP/2 from a
// self-signed certificate, as members reach it through any TLS front (decision 0082).
//
//   npm run build && npm run lighthouse             # builds first when WEB_DIST_DIR has no build
//   LIGHTHOUSE_MIN=95 npm run lighthouse            # exit 1 when a score is below 95
//   LIGHTHOUSE_RUNS=3 npm run lighthouse            # each page 3 times: the table shows each score's range
//   LIGHTHOUSE_PAGES=/,/browse npm run lighthouse   # only these pages
//   LIGHTHOUSE_TLS=0 npm run lighthouse             # over plain HTTP/1.1 instead
//
// Needs the dev dependency `lighthouse` (which brings `chrome-launcher`):
//   npm install --save-dev lighthouse@~12.8.2
// Full JSON reports are written to .tmp/lighthouse/ (or LIGHTHOUSE_REPORTS).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { cookieFor, setBrowserCookies } from './lib/accounts.mjs';
import { CHROME_PATH, CHROMIUM_ARGS, startBuiltApp } from './lib/built-app.mjs';

const APP_PAGES = JSON.parse(readFileSync(new URL('./lib/app-pages.json', import.meta.url), 'utf8'));

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const MIN = process.env.LIGHTHOUSE_MIN ? Number(process.env.LIGHTHOUSE_MIN) : null;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
/** Over HTTPS with HTTP/2, as members reach the app (decision 0082); LIGHTHOUSE_TLS=0: plain HTTP/1.1. */
const TLS = process.env.LIGHTHOUSE_TLS !== '0';

async function loadTools() {
  try {
    const { default: lighthouse } = await import('lighthouse');
    const chromeLauncher = await import('chrome-launcher');
    // Lighthouse's own dependency: to put a session cookie in the browser's jar.
    const { default: puppeteer } = await import('puppeteer-core');
    return { lighthouse, chromeLauncher, puppeteer };
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

/** "95" or "93-97" over the runs. */
function range(values) {
  const known = values.filter((v) => v !== null && v !== undefined);
  if (known.length === 0) return '-';
  const lo = Math.min(...known);
  const hi = Math.max(...known);
  return lo === hi ? String(lo) : `${lo}-${hi}`;
}

/** "1.2 s" or "1.1-1.4 s" over the runs (the audits' numbers, in their unit). */
function metricRange(values, unit) {
  const known = values.filter((v) => typeof v === 'number');
  if (known.length === 0) return '-';
  const fmt = (v) => (unit === 's' ? (v / 1000).toFixed(1) : unit === 'ms' ? String(Math.round(v)) : v.toFixed(3));
  const lo = Math.min(...known);
  const hi = Math.max(...known);
  return `${fmt(lo) === fmt(hi) ? fmt(lo) : `${fmt(lo)}-${fmt(hi)}`}${unit === 'x' ? '' : ` ${unit}`}`;
}

async function main() {
  const { lighthouse, chromeLauncher, puppeteer } = await loadTools();
  if (!existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH} (set CHROME_PATH)`);
  const server = await startBuiltApp({ name: 'lighthouse', tls: TLS });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS, ...(TLS ? ['--ignore-certificate-errors'] : [])],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const setCookies = async (header) => {
    const page = (await browser.pages())[0] ?? (await browser.newPage());
    await setBrowserCookies(page, server.url, header);
  };
  const reports = path.resolve(process.env.LIGHTHOUSE_REPORTS ?? '.tmp/lighthouse');
  mkdirSync(reports, { recursive: true });
  const rows = [];
  /** Lighthouse's own reading of this machine's speed per run (its `benchmarkIndex`): scores move with it. */
  const benchmarks = [];
  try {
    // A new account for each page: what one audit's browser kept of a session (it ran the page's
    // script) signed the next page's audit out.
    // The pages every measure of the whole app covers (scripts/lib/app-pages.json, shared with
    // e2e/first-load-data.spec.ts); /item/:id is a piece of the seeded catalogue.
    const item = await itemPath(server.url);
    const visitor = APP_PAGES.visitor.map((page) => (page === '/item/:id' ? item : page));
    const { member, staff } = APP_PAGES;
    const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim());
    const pages = [
      ...visitor.map((page) => ({ page, who: 'visitor' })),
      ...member.map((page) => ({ page, who: 'member' })),
      ...staff.map((page) => ({ page, who: 'staff' })),
    ].filter(({ page }) => !only || only.includes(page));
    for (const { page, who } of pages) {
      const cookie = who === 'visitor' ? null : await cookieFor(server, who);
      await setCookies(cookie);
      const runs = [];
      for (let run = 1; run <= RUNS; run++) {
        // Lighthouse's default config is the mobile one (Moto G Power emulation, simulated slow 4G).
        // A trace Chromium failed to record (NO_NAVSTART, now and then in headless runs) or a
        // browser too busy to answer in time (PROTOCOL_TIMEOUT, on a loaded machine) is retried.
        let result;
        for (let attempt = 1; ; attempt++) {
          result = await lighthouse(`${server.url}${page}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: CATEGORIES,
          });
          if (!result) throw new Error(`no Lighthouse result for ${page}`);
          const error = result.lhr.runtimeError;
          if (!error) break;
          if (!['NO_NAVSTART', 'PROTOCOL_TIMEOUT'].includes(error.code) || attempt === 3)
            throw new Error(`${page}: ${error.code} ${error.message}`);
          console.log(`${page}: ${error.code}, measuring again`);
        }
        const { lhr } = result;
        if (who !== 'visitor' && new URL(lhr.finalDisplayedUrl).pathname !== page)
          throw new Error(`${page} as ${who} ended at ${lhr.finalDisplayedUrl} (not signed in?)`);
        const name = `${page === '/' ? 'home' : page.slice(1).replace(/\//g, '-')}${who === 'visitor' ? '' : `-${who}`}${RUNS > 1 ? `-${run}` : ''}`;
        writeFileSync(
          path.join(reports, `${name}.json`),
          typeof result.report === 'string' ? result.report : JSON.stringify(lhr),
        );
        const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
        const failing = Object.values(lhr.audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 0.9 &&
              !['informative', 'manual', 'notApplicable'].includes(a.scoreDisplayMode),
          )
          .map((a) => a.id);
        const value = (id) => lhr.audits[id]?.numericValue;
        if (lhr.environment?.benchmarkIndex) benchmarks.push(Math.round(lhr.environment.benchmarkIndex));
        runs.push({
          // The machine is shared: its load while the page was measured (1-minute average).
          load: loadavg()[0],
          perf: score('performance'),
          a11y: score('accessibility'),
          bp: score('best-practices'),
          fcp: value('first-contentful-paint'),
          lcp: value('largest-contentful-paint'),
          tbt: value('total-blocking-time'),
          cls: value('cumulative-layout-shift'),
          failing,
        });
      }
      const all = (k) => runs.map((r) => r[k]);
      rows.push({
        page: who === 'visitor' ? page : `${page} (${who})`,
        perf: range(all('perf')),
        a11y: range(all('a11y')),
        bp: range(all('bp')),
        fcp: metricRange(all('fcp'), 's'),
        lcp: metricRange(all('lcp'), 's'),
        tbt: metricRange(all('tbt'), 'ms'),
        cls: metricRange(all('cls'), 'x'),
        load: range(all('load').map((v) => Number(v.toFixed(1)))),
        scores: runs.flatMap((r) => [
          ['performance', r.perf],
          ['accessibility', r.a11y],
          ['best practices', r.bp],
        ]),
        failing: [...new Set(runs.flatMap((r) => r.failing))],
      });
    }
  } finally {
    await browser.disconnect();
    await chrome.kill();
    await server.stop();
  }

  console.log(
    `\nLighthouse ${lighthouseVersion()}, mobile (default config), ${CHROME_PATH}${RUNS > 1 ? `, ${RUNS} runs per page (ranges)` : ''}`,
  );
  // The simulated phone's CPU is this machine's slowed four times: the same page scores lower on a slower machine.
  console.log(`this machine's benchmarkIndex (Lighthouse's CPU reading): ${range(benchmarks)}\n`);
  console.log('| page | performance | accessibility | best practices | FCP | LCP | TBT | CLS | load |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(
      `| ${r.page} | ${r.perf} | ${r.a11y} | ${r.bp} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${r.load} |`,
    );
  for (const r of rows) if (r.failing.length) console.log(`${r.page}: failed audits: ${r.failing.join(', ')}`);
  console.log(`\nreports: ${reports}/*.json`);
  if (MIN !== null) {
    const low = rows.flatMap((r) =>
      r.scores.filter(([, s]) => s === null || s < MIN).map(([c, s]) => `${r.page} ${c} ${s}`),
    );
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
