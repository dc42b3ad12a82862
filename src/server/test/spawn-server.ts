import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import path from 'node:path';

export interface SpawnedServer {
  url: string;
  port: number;
  child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../../..');

/** Whether /api/health answers 200 over HTTPS, trusting only the certificate `ca`. */
const healthyOverTls = (url: string, ca: Buffer) =>
  new Promise<boolean>((resolve, reject) => {
    const req = request(`${url}/api/health`, { ca }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', reject);
    req.end();
  });

/**
 * Starts a real Rentique server process and waits until /api/health answers (over HTTPS, trusting
 * its own certificate, when `env` names TLS_CERT_FILE).
 */
export async function spawnServer(env: Record<string, string>, port: number): Promise<SpawnedServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const ca = env.TLS_CERT_FILE ? readFileSync(env.TLS_CERT_FILE) : null;
  const url = `${ca ? 'https' : 'http'}://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}): ${stderr}`);
    try {
      if (ca ? await healthyOverTls(url, ca) : (await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    child,
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

/**
 * A port unlikely to be taken by another test run on this machine: below Linux's ephemeral range
 * (32768 and up by default), which the tests' own outgoing connections (PostgreSQL's, fetch's) take
 * their local ports from. 35416 was once such a port, and a server could not listen on it.
 */
export function randomPort(): number {
  return 20_000 + Math.floor(Math.random() * 12_000);
}
