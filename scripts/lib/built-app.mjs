// The built app on a spare port, for the scripts that look at it in Chromium (lighthouse.mjs,
// contact-sheet.mjs): the real server in production mode with a throwaway DATA_DIR (migrated and
// seeded on start). Builds the web app first when WEB_DIST_DIR holds no build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverNodeArgs } from './server-node-args.mjs';

/** Debian's Chromium, as the browser tests use it. */
export const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The same flags as the browser tests (playwright.config.ts). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Where the built web app is served from. */
export const webDist = path.resolve(process.env.WEB_DIST_DIR ?? 'dist/web');

/** The bundled server `npm run build` writes (scripts/build-server.mjs), as `npm start` runs it. */
const serverBundle = path.resolve('dist/server/index.mjs');

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function buildIfMissing() {
  if (existsSync(path.join(webDist, 'server', 'index.js')) && existsSync(serverBundle)) return;
  console.log(`No build in ${webDist}: building it...`);
  const r = spawnSync('npm', ['run', '--silent', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST_DIR: webDist },
  });
  if (r.status !== 0) throw new Error('npm run build failed');
}

/** Starts the built app and waits until it answers (its DATA_DIR in `dataDir`); `stop()` ends it and removes the DATA_DIR. */
export async function startBuiltApp({ name }) {
  buildIfMissing();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `rentique-${name}-`));
  const child = spawn(process.execPath, [...serverNodeArgs(), serverBundle], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      PUBLIC_URL: `http://localhost:${port}`,
      // The scripts sign up an account per page they measure, from one address.
      SIGN_UP_RATE_LIMIT: '1000',
      SIGN_IN_RATE_LIMIT: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    stop: () =>
      new Promise((resolve) => {
        const done = () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
