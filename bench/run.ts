/**
 * npm run bench: the browse benchmark (bench/browse.ts, its own process and table) and the mixed
 * member workload (bench/mixed.ts), each next to bare node:http measured in the same run.
 * SQLite always; PostgreSQL too when BENCH_DATABASE_URL is given (the mixed workload then runs two
 * app processes behind one port).
 *
 *   npm run bench                                   # 5 s per scenario
 *   npm run bench -- --duration=10 --sizes=1000,100000 --connections=50 --mixed-connections=20
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/test npm run bench
 *   npm run bench -- --only=mixed                   # or --only=browse
 *   BENCH_CPU_PROF=/tmp/prof npm run bench -- --only=mixed   # each app server writes a CPU profile there
 */
import { spawn } from 'node:child_process';
import { arg, mixedOptionsFromArgs, printMixed, runMixed } from './mixed';

const duration = arg('duration', process.env.BENCH_DURATION ?? '5');
const only = arg('only', 'all');

function runBrowse(): Promise<number> {
  const args = [
    '--import',
    'tsx',
    'bench/browse.ts',
    `--duration=${duration}`,
    `--sizes=${arg('sizes', '1000,100000')}`,
    `--connections=${arg('connections', '50')}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit', env: process.env });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

async function main() {
  const started = Date.now();
  let failed = false;
  if (only === 'all' || only === 'browse') {
    console.log('== Browse ==');
    failed ||= (await runBrowse()) !== 0;
  }
  if (only === 'all' || only === 'mixed') {
    console.log('\n== Mixed member workload ==');
    const opts = mixedOptionsFromArgs();
    const rows = await runMixed(opts);
    printMixed(rows, opts);
    failed ||= rows.some((r) => r.app.s5xx > 0 || r.app.errors > 0);
  }
  console.log(
    `\nbench finished in ${Math.round((Date.now() - started) / 1000)} s${failed ? ' (with failures: see above)' : ''}`,
  );
  process.exit(failed ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
