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

/**
 * A self-signed certificate for localhost in `dir` (openssl, as Debian has it), and this process
 * told to accept it: the scripts' own requests to the app go over the same HTTPS.
 */
function selfSignedCertificate(dir) {
  const [certFile, keyFile] = [path.join(dir, 'tls-cert.pem'), path.join(dir, 'tls-key.pem')];
  const args = 'req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj /CN=localhost';
  const made = spawnSync(
    'openssl',
    [...args.split(' '), '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', keyFile, '-out', certFile],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (made.status !== 0) throw new Error('openssl could not make a certificate for HTTPS');
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  return { TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile };
}

/**
 * Starts the built app and waits until it answers (its DATA_DIR in `dataDir`); `stop()` ends it and
 * removes the DATA_DIR. `tls`: HTTPS with HTTP/2 from a self-signed certificate (decision 0082), as
 * members reach the app; a browser must then be started with `--ignore-certificate-errors`.
 */
export async function startBuiltApp({ name, tls = false }) {
  buildIfMissing();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `rentique-${name}-`));
  const url = `${tls ? 'https' : 'http'}://localhost:${port}`;
  const child = spawn(process.execPath, [...serverNodeArgs(), serverBundle], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      PUBLIC_URL: url,
      ...(tls ? selfSignedCertificate(dataDir) : {}),
      // The scripts sign up an account per page they measure, from one address.
      SIGN_UP_RATE_LIMIT: '1000',
      SIGN_IN_RATE_LIMIT: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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
