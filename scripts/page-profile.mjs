#!/usr/bin/env node
// npm run page-profile -- /item/7 /: where a page's first load spends the main thread's script time
// (decision 0078). Each page is loaded RUNS times (default 3) in a fresh Debian Chromium at the
// phone size Lighthouse uses, with V8's sampling profiler on from the navigation until the page has
// been quiet for 1.5 s (the discount popup included, as Lighthouse sees it). It prints the median
// total and, for the median run, the functions by time spent in them (inclusive) and by their own.
//
//   npm run build && npm run page-profile -- /item/7
//   WEB_DIST_DIR=.tmp/plain npx react-router build --minify false   # readable names, then:
//   WEB_DIST_DIR=.tmp/plain npm run page-profile -- /item/7
//   TOP=40 RUNS=5 npm run page-profile -- /               # more lines, more runs
//   PROFILE_DIR=.tmp/profiles npm run page-profile -- /   # also writes each .cpuprofile
//   AS=member npm run page-profile -- /account            # signed in as a new member (or AS=staff)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cookieFor, setBrowserCookies } from './lib/accounts.mjs';
import { CHROME_PATH, CHROMIUM_ARGS, startBuiltApp } from './lib/built-app.mjs';

const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));
const TOP = Number(process.env.TOP ?? 25);
const AS = process.env.AS ?? 'visitor';
if (!['visitor', 'member', 'staff'].includes(AS)) {
  console.error('AS is visitor, member or staff');
  process.exit(2);
}
const pages = process.argv.slice(2).filter((a) => a.startsWith('/'));
if (pages.length === 0) {
  console.error('usage: npm run page-profile -- /path [/other ...]');
  process.exit(2);
}
const { default: puppeteer } = await import('puppeteer-core');

/** Self and inclusive milliseconds per function ("name file:line"), idle and (program) left out. */
function summarise(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const time = new Map();
  profile.samples.forEach((id, i) => time.set(id, (time.get(id) ?? 0) + profile.timeDeltas[i] / 1000));
  const key = ({ callFrame: f }) => `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
  const self = new Map();
  const inclusive = new Map();
  let total = 0;
  for (const [id, ms] of time) {
    const node = byId.get(id);
    if (['(idle)', '(program)'].includes(node.callFrame.functionName)) continue;
    total += ms;
    self.set(key(node), (self.get(key(node)) ?? 0) + ms);
    const seen = new Set();
    for (let x = id; x !== undefined; x = parent.get(x)) {
      const k = key(byId.get(x));
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + ms);
    }
  }
  inclusive.delete('(root) :0');
  return { total, self, inclusive };
}

const top = (map) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([k, ms]) => `  ${ms.toFixed(1).padStart(7)} ms  ${k}`)
    .join('\n');

const app = await startBuiltApp({ name: 'page-profile' });
try {
  for (const page of pages) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const browser = await puppeteer.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS, headless: true });
      try {
        const tab = await browser.newPage();
        if (AS !== 'visitor') await setBrowserCookies(tab, app.url, await cookieFor(app, AS));
        await tab.setViewport({ width: 412, height: 823, isMobile: true, deviceScaleFactor: 1.75, hasTouch: true });
        const cdp = await tab.createCDPSession();
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
        await tab.goto(app.url + page, { waitUntil: 'networkidle0' });
        if (new URL(tab.url()).pathname !== page) throw new Error(`${page} as ${AS} ended at ${tab.url()}`);
        await new Promise((r) => setTimeout(r, 1500));
        const { profile } = await cdp.send('Profiler.stop');
        if (process.env.PROFILE_DIR) {
          mkdirSync(process.env.PROFILE_DIR, { recursive: true });
          const name = `${page.replace(/\W+/g, '_') || 'home'}-${run + 1}.cpuprofile`;
          writeFileSync(path.join(process.env.PROFILE_DIR, name), JSON.stringify(profile));
        }
        runs.push(summarise(profile));
      } finally {
        await browser.close();
      }
    }
    runs.sort((a, b) => a.total - b.total);
    const median = runs[Math.floor(runs.length / 2)];
    console.log(
      `\n${page}: ${median.total.toFixed(0)} ms of script and GC (median of ${RUNS}: ${runs.map((r) => r.total.toFixed(0)).join(', ')})`,
    );
    console.log(`inclusive:\n${top(median.inclusive)}\nself:\n${top(median.self)}`);
  }
} finally {
  await app.stop();
}
