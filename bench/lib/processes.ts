import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { serverNodeArgs } from '../../scripts/lib/server-node-args.mjs';

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Polls a URL until it answers 200 (or gives up). */
export async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

/** What the server says of its search index once loaded (src/server/index.ts, over the IPC channel). */
export interface IndexLoad {
  loadMs: number;
  items: number;
}

let built = false;

/**
 * How the bench runs the app server: as `npm start` does, the bundled server (dist/server/index.mjs,
 * bundled again from the sources once per bench process, about a second, so it is never stale), or
 * with BENCH_SERVER=source the TypeScript sources through tsx (to compare with a checkout from
 * before the bundle, decision 0077). The bundle runs with `npm run serve`'s node flags (its heap
 * ceiling, decision 0079). BENCH_CPU_PROF=<dir>: each server writes a CPU profile there
 * when it stops (node --cpu-prof).
 */
export function appServer(): { script: string; execArgv: string[] } {
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  if (process.env.BENCH_SERVER === 'source')
    return { script: 'src/server/index.ts', execArgv: [...prof, '--import', 'tsx'] };
  if (!built) {
    const r = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error('scripts/build-server.mjs failed');
    built = true;
  }
  return { script: 'dist/server/index.mjs', execArgv: [...prof, ...serverNodeArgs()] };
}

/**
 * The CPU time the processes have used so far (user + system, /proc/<pid>/stat), in seconds: what
 * a request costs is this over a run divided by its requests, a figure that other work on the
 * machine changes far less than it changes req/s. NaN where /proc cannot tell.
 */
export function cpuSecondsOf(pids: readonly (number | undefined)[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // The fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return NaN;
    }
  }
  return ticks / CLOCK_TICKS;
}

/** Linux's USER_HZ, the unit of /proc's CPU times (100 on every mainstream build). */
const CLOCK_TICKS = 100;

/** A process's resident memory now and at its peak, in MB (Linux /proc; null elsewhere). */
export function memoryOf(pid: number | undefined): { rssMb: number; peakMb: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return null;
  }
}

/**
 * Starts the Rentique server as a child process (production mode, LOG_LEVEL=warn), with an IPC
 * channel on which it reports its search index's load (`indexLoad`); `memory()` reads its RSS.
 */
export async function startApp(env: Record<string, string>): Promise<{
  url: string;
  stop: () => Promise<void>;
  indexLoad: Promise<IndexLoad | null>;
  memory: () => { rssMb: number; peakMb: number } | null;
  cpu: () => number;
}> {
  const port = await freePort();
  const server = appServer();
  const child = spawn(process.execPath, [...server.execArgv, server.script], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST_DIR: '.tmp/bench/no-web',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const indexLoad = new Promise<IndexLoad | null>((resolve) => {
    child.on('message', (m: { searchIndex?: IndexLoad }) => {
      if (m?.searchIndex) resolve(m.searchIndex);
    });
    child.once('exit', () => resolve(null));
  });
  const url = `http://127.0.0.1:${port}`;
  // A 100k catalogue's index loads before the server listens: minutes on a busy shared machine.
  await waitFor(`${url}/api/health`, 300_000);
  return {
    url,
    stop: () => stop(child),
    indexLoad,
    memory: () => memoryOf(child.pid),
    cpu: () => cpuSecondsOf([child.pid]),
  };
}

/** Starts the bare node:http yardstick answering `bodyFile`. */
export async function startBare(
  bodyFile: string,
): Promise<{ url: string; stop: () => Promise<void>; cpu: () => number }> {
  const port = await freePort();
  const child = fork('bench/lib/bare-server.ts', [String(port), bodyFile], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => stop(child), cpu: () => cpuSecondsOf([child.pid]) };
}

/** SIGTERM, then SIGKILL after 5 s; resolves when the child has exited. */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}
