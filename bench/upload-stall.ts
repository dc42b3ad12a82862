/**
 * How long /api/health takes to answer while a hostile upload (about 20 MB of 200,000 tiny
 * multipart parts, issue 12) is sent to POST /api/listings of a real server process.
 *
 *   node --import tsx bench/upload-stall.ts [--root=/path/to/a/checkout] [--parts=200000] [--pings-every=20]
 *
 * `--root` runs the server of another checkout (e.g. an older commit extracted with `git archive`,
 * with node_modules linked) so the figure can be compared before and after a change. Health is
 * asked one request at a time, every `--pings-every` ms, from the start of the upload until 2 s
 * after it was answered; the table gives the slowest and the median answer in that window.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hostileBody, sendHostileUpload } from '../src/server/test/hostile-upload';
import { randomPort } from '../src/server/test/spawn-server';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const root = path.resolve(arg('root', process.cwd()));
const parts = Number(arg('parts', '200000'));
const every = Number(arg('pings-every', '20'));
const port = randomPort();
const url = `http://127.0.0.1:${port}`;

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rentique-stall-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; ; i += 1) {
      if (i > 300) throw new Error('server did not start');
      if (
        await fetch(`${url}/api/health`)
          .then((r) => r.ok)
          .catch(() => false)
      )
        break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({
        email: 'bench@example.com',
        password: `Bench-${randomBytes(8).toString('hex')}`,
        name: 'Bench',
        fullName: 'Bench Mark',
        gender: 'other',
      }),
    });
    if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    const body = hostileBody(parts);
    const pings: { at: number; ms: number }[] = [];
    let stopAt = Number.POSITIVE_INFINITY;
    const started = performance.now();
    const pinger = (async () => {
      while (performance.now() < stopAt) {
        const t0 = performance.now();
        await fetch(`${url}/api/health`).then((r) => r.arrayBuffer());
        pings.push({ at: t0 - started, ms: performance.now() - t0 });
        await new Promise((r) => setTimeout(r, every));
      }
    })();
    const result = await sendHostileUpload(`${url}/api/listings`, { body, cookie, origin: url });
    const answeredMs = performance.now() - started;
    stopAt = performance.now() + 2000;
    await pinger;

    const sorted = pings.map((p) => p.ms).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    const max = sorted[sorted.length - 1] ?? 0;
    console.log(
      `\nHostile upload: ${(body.length / 1e6).toFixed(1)} MB, ${parts} parts, to POST /api/listings (server: ${root})\n`,
    );
    console.log('| figure | value |');
    console.log('|---|---:|');
    console.log(`| upload answered with | ${result.status ?? 'connection closed'} |`);
    console.log(`| upload answered after | ${answeredMs.toFixed(0)} ms |`);
    console.log(
      `| body bytes sent when answered | ${result.sentWhenAnswered < 0 ? 'n/a' : result.sentWhenAnswered} of ${result.total} |`,
    );
    console.log(`| /api/health answers in the window | ${pings.length} |`);
    console.log(`| /api/health slowest answer | ${max.toFixed(0)} ms |`);
    console.log(`| /api/health median answer | ${median.toFixed(1)} ms |`);
  } finally {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
