/**
 * N Rentique processes behind one port (node:cluster, round-robin): what a deployment with
 * several stateless app processes behind a load balancer looks like on one machine.
 *   PORT=3000 DATABASE_URL=postgres://... node --import tsx bench/lib/cluster.ts 2 [script] [node flags as JSON]
 * Workers start one after the other (the first migrates and seeds), then the primary reports
 * 'ready' over IPC. SIGTERM stops every worker.
 */
import cluster, { type Worker } from 'node:cluster';
import { once } from 'node:events';
import path from 'node:path';

const count = Number(process.argv[2] ?? 2);
// The app server's script and node flags (bench/lib/processes.ts appServer()): the bundle by default.
const script = process.argv[3] ?? 'dist/server/index.mjs';
const execArgv = process.argv[4] ? (JSON.parse(process.argv[4]) as string[]) : [];
cluster.setupPrimary({ exec: path.resolve(script), execArgv });

const workers: Worker[] = [];
for (let i = 0; i < count; i += 1) {
  const worker = cluster.fork();
  workers.push(worker);
  await Promise.race([
    once(worker, 'listening'),
    once(worker, 'exit').then(([code]) => {
      throw new Error(`worker ${i} exited with ${String(code)} before listening`);
    }),
  ]);
}
// The workers' pids: the bench reads their CPU time (bench/lib/processes.ts cpuSecondsOf).
process.send?.({ ready: true, pids: workers.map((w) => w.process.pid) });

const stop = () => {
  for (const w of workers) w.process.kill('SIGTERM');
  Promise.all(workers.map((w) => (w.isDead() ? null : once(w, 'exit')))).finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 6000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
