#!/usr/bin/env node
// npm run page-blocking -- /ops/check-in: the main thread's blocking time of a page's first load
// as the page itself sees it (decision 0081). Each page is loaded RUNS times (default 5) in a fresh
// Debian Chromium at Lighthouse's phone size with the CPU slowed four times (Lighthouse's mobile
// setting, here applied by the browser rather than simulated), until it has been quiet for 2 s.
// Blocking time is the sum, over the long tasks (the browser's `longtask` entries) that start after
// the first contentful paint, of each task's time over 50 ms: Lighthouse's TBT, measured instead of
// estimated. It prints the median and each run.
//
//   npm run build && AS=staff npm run page-blocking -- /ops/check-in
//   AS=member RUNS=9 npm run page-blocking -- /account /dashboard
//   WEB_DIST_DIR=.tmp/before AS=member npm run page-blocking -- /account   # another build of the web
import { cookieFor, setBrowserCookies } from './lib/accounts.mjs';
import { CHROME_PATH, CHROMIUM_ARGS, startBuiltApp } from './lib/built-app.mjs';

const RUNS = Math.max(1, Number(process.env.RUNS ?? 5));
const AS = process.env.AS ?? 'visitor';
const pages = process.argv.slice(2).filter((a) => a.startsWith('/'));
if (pages.length === 0 || !['visitor', 'member', 'staff'].includes(AS)) {
  console.error('usage: [AS=visitor|member|staff] [RUNS=5] npm run page-blocking -- /path [/other ...]');
  process.exit(2);
}
const { default: puppeteer } = await import('puppeteer-core');

/** One load: its blocking time, how many long tasks it had and the longest (ms). */
async function measure(server, page) {
  const browser = await puppeteer.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const tab = await browser.newPage();
    await tab.setViewport({ width: 412, height: 823, isMobile: true, deviceScaleFactor: 1.75, hasTouch: true });
    if (AS !== 'visitor') await setBrowserCookies(tab, server.url, await cookieFor(server, AS));
    await tab.evaluateOnNewDocument(() => {
      const seen = [];
      Object.defineProperty(window, '__longTasks', { value: seen });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) seen.push([e.startTime, e.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await tab.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await tab.goto(server.url + page, { waitUntil: 'networkidle0', timeout: 120_000 });
    if (new URL(tab.url()).pathname !== page) throw new Error(`${page} as ${AS} ended at ${tab.url()}`);
    await new Promise((r) => setTimeout(r, 2000));
    const { tasks, fcp } = await tab.evaluate(() => ({
      tasks: window.__longTasks,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    }));
    const after = tasks.filter(([start]) => start >= fcp);
    return {
      blocking: Math.round(after.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0)),
      count: after.length,
      longest: Math.round(Math.max(0, ...after.map(([, d]) => d))),
    };
  } finally {
    await browser.close();
  }
}

const app = await startBuiltApp({ name: 'page-blocking' });
try {
  for (const page of pages) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await measure(app, page));
    runs.sort((a, b) => a.blocking - b.blocking);
    const median = runs[Math.floor(runs.length / 2)].blocking;
    const each = runs.map((r) => `${r.blocking} (${r.count} long, longest ${r.longest})`).join(', ');
    console.log(
      `${page}${AS === 'visitor' ? '' : ` as ${AS}`}: blocking time ${median} ms, median of ${RUNS}: ${each}`,
    );
  }
} finally {
  await app.stop();
}
