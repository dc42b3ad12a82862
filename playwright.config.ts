import { existsSync, mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { freePort } from './bench/lib/processes';
import { serverNodeArgs } from './scripts/lib/server-node-args.mjs';

/*
 * Browser tests drive the built app (npm run build) in Debian's Chromium, against a server
 * started on a spare port with a throwaway DATA_DIR. The port and dir are chosen once in the
 * runner process; workers inherit them through the environment.
 */
// A port the OS hands out (a fixed range once met NATS on 4222).
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'rentique-e2e-'));
// The test SMTP server (e2e/global-setup.ts) and the folder where it leaves what it received.
process.env.E2E_SMTP_PORT ??= String(await freePort());
process.env.E2E_MAIL_DIR ??= mkdtempSync(path.join(tmpdir(), 'rentique-e2e-mail-'));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;

/*
 * Debian's headless shell (package chromium-headless-shell, the same Chromium build as
 * /usr/bin/chromium without the browser's own UI) when it is installed, as Playwright's own headless
 * runs use; otherwise Debian's Chromium. The shell halved the browsers' CPU and took the suite from
 * 524 s to 359 s on the 2-core machine (decision 0076). CHROMIUM_PATH picks another.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // One worker more than the cores: a browser test waits on the server, timers and the page far
  // more than it computes (the whole `npm test` used about 40% of two cores, 2026-11-30).
  workers: availableParallelism() + 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    // Recording a trace for every test cost CPU the 2-core CI machine does not have: a failure
    // leaves its error context (the page's snapshot), and a retry in CI records the trace.
    trace: 'on-first-retry',
    // The browser's zone is the business's (New York) and the server's is UTC (webServer below):
    // two zones, as for a member in New York. e2e/time-zones.spec.ts puts the browser in Los Angeles.
    timezoneId: 'America/New_York',
    launchOptions: { executablePath: chromiumPath, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  globalSetup: './e2e/global-setup.ts',
  webServer: {
    // The built server, as `npm start` runs it (decision 0077): `npm test` builds before this suite.
    command: ['node', ...serverNodeArgs(), 'dist/server/index.mjs'].join(' '),
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      TZ: 'UTC',
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PAYMENT_DELAY_MS: '300',
      SIGN_IN_RATE_LIMIT: '1000',
      SIGN_UP_RATE_LIMIT: '1000',
      MAIL_RATE_LIMIT: '1000',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'dist/web',
      PUBLIC_URL: baseURL,
      // The simulated carrier's tracking events one second apart, POSTed to this server (e2e/parcels.spec.ts).
      CARRIER_SIM_STEP_MS: '1000',
      CARRIER_WEBHOOK_URL: `http://127.0.0.1:${port}/api/parcels/webhooks/carrier`,
      // Saved searches are checked every second (e2e/saved-searches.spec.ts waits for an alert).
      SAVED_SEARCH_SCAN_MS: '1000',
    },
  },
});
