#!/usr/bin/env node
// `npm test`: API types current, typecheck, lint and build beside the unit/component/API tests (Vitest), then browser tests (Playwright),
// then one closing line "N passed, M failed" summed over every suite. Exits non-zero when any
// step fails or when no test ran at all.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const only = process.argv.slice(2); // e.g. `npm test -- unit api` to run a subset

const results = [];
let passed = 0;
let failed = 0;
let skipped = 0;
let browserSummary = '';
let vitestErrors = '';
let vitestFailures = '';

function run(name, cmd, args, env = {}) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 100) / 10 });
  return ok;
}

/** A step whose output streams as it runs (the lane beside it is quiet until it ends). */
function runStreaming(name, cmd, args) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
    child.on('close', (code) => {
      results.push({ name, ok: code === 0, seconds: Math.round((Date.now() - started) / 100) / 10 });
      resolve(code === 0);
    });
  });
}

const want = (step) => only.length === 0 || only.includes(step);

/** A step in the background: its output is kept and printed whole when it ends (two lanes run at once). */
function runQuietly(name, cmd, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: process.env });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}${out.trim() ? `\n${out.trimEnd()}` : ''}`);
      results.push({ name, ok: code === 0, seconds: Math.round((Date.now() - started) / 100) / 10 });
      resolve(code === 0);
    });
  });
}

// React Router's route types (.react-router/types, `import type { Route } from './+types/page'`)
// first: the type check and the linter read them. Then two lanes at once on the two cores: Vitest
// (its forks spend much of their time waiting on PostgreSQL, child servers and timers), and beside
// it, one step after another, the API types, the type check, the linter, the formatter, the import
// cycles and the build the browser tests drive. The browser tests run last, on their own.
let typesReady = true;
if (want('typecheck') || want('api-types') || want('lint')) {
  typesReady = run('route types', 'npx', ['react-router', 'typegen']);
  if (!typesReady) failed += 1;
}

/** The checks and the build, one after another (quiet: each step's output is printed when it ends). */
async function checksAndBuild() {
  if (typesReady) {
    // The web's API types (src/web/lib/api-schema.d.ts) are generated from the server's routes: the
    // committed file must be current (decision 0014). Counts as one test, like the bundle budget.
    if (want('typecheck') || want('api-types')) {
      if (await runQuietly('API types are current', 'node', ['--import', 'tsx', 'scripts/api-types.ts', '--check']))
        passed += 1;
      else failed += 1;
    }
    if (want('typecheck') && !(await runQuietly('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'])))
      failed += 1;
    if (want('lint')) {
      // The formatter owns layout (decision 0052): a file it would change fails the run (`npm run format` fixes it).
      // Import cycles, type-only ones included (madge reads `import type` too; decision 0023).
      for (const [name, cmd, args] of [
        ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
        ['format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
        [
          'import cycles',
          'npx',
          ['madge', '--circular', '--extensions', 'ts,tsx', '--ts-config', 'tsconfig.json', 'src'],
        ],
      ])
        if (!(await runQuietly(name, cmd, args))) failed += 1;
    }
  }
  if (!want('e2e')) return false;
  const built =
    (await runQuietly('build', 'npx', ['react-router', 'build'])) &&
    (await runQuietly('precompress', 'node', ['scripts/compress-dist.mjs'])) &&
    (await runQuietly('server bundle', 'node', ['scripts/build-server.mjs']));
  if (!built) {
    failed += 1;
    return false;
  }
  // The front-end budget counts as one test (scripts/check-bundle.mjs says what it holds).
  if (await runQuietly('bundle budget', 'node', ['scripts/check-bundle.mjs'])) passed += 1;
  else failed += 1;
  return true;
}

async function vitest() {
  if (!(want('vitest') || want('unit') || want('api'))) return;
  const out = path.join(tmp, 'vitest.json');
  const unhandled = path.join(tmp, 'vitest-unhandled.log'); // written by vitest.config.ts
  rmSync(out, { force: true });
  rmSync(unhandled, { force: true });
  const ok = await runStreaming('vitest', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    passed += report.numPassedTests;
    // Each failed test, and each file that failed without a failed test (it did not load). Not
    // numFailedTestSuites: it counts describe blocks too, so a test failing inside one counted twice.
    const failedHere = report.numFailedTests + countFilesFailedOutsideTests(report);
    // A run that failed with every test passing failed on an error outside the tests: it counts once.
    failed += failedHere || (ok ? 0 : 1);
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    vitestFailures = summariseVitest(report);
  } else {
    failed += 1;
  }
  if (existsSync(unhandled)) vitestErrors = readFileSync(unhandled, 'utf8').trim().slice(0, 3000);
}

const [built] = await Promise.all([checksAndBuild(), vitest()]);

if (built) {
  const out = path.join(tmp, 'playwright.json');
  rmSync(out, { force: true });
  run('browser', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    const { stats } = report;
    browserSummary = summariseBrowser(report);
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    skipped += stats.skipped;
  } else {
    failed += 1;
  }
}

/**
 * What the closing lines say of the browser run (CI keeps only the end of the output): each failed
 * test's first error line, and the slowest tests, where the suite's time goes.
 */
function summariseBrowser(report) {
  const tests = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) {
        const results = t.results ?? [];
        const seconds = results.reduce((sum, r) => sum + (r.duration ?? 0), 0) / 1000;
        const error = results.map((r) => r.error?.message).find(Boolean) ?? '';
        tests.push({ title: `${spec.file}:${spec.line} ${spec.title}`, status: t.status, seconds, error });
      }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  const lines = [];
  for (const t of tests.filter((x) => x.status === 'unexpected'))
    lines.push(`  failed ${t.title.slice(0, 120)}\n    ${firstLine(t.error)}`);
  const slowest = [...tests].sort((a, b) => b.seconds - a.seconds).slice(0, 8);
  lines.push(`  slowest: ${slowest.map((t) => `${t.title.split(' ')[0]} ${t.seconds.toFixed(0)}s`).join(', ')}`);
  return lines.join('\n');
}

/** Each failed Vitest test (or suite that failed to load) with its file and first error line. */
function summariseVitest(report) {
  const lines = [];
  for (const file of report.testResults) {
    const name = path.relative(process.cwd(), file.name);
    const failedTests = file.assertionResults.filter((a) => a.status === 'failed');
    for (const a of failedTests)
      lines.push(
        `  failed ${name}: ${a.fullName.slice(0, 120)}\n    ${vitestError(a.failureMessages?.join('\n') ?? '')}`,
      );
    if (file.status === 'failed' && failedTests.length === 0)
      lines.push(`  failed ${name} (the file)\n    ${firstLine(file.message ?? '')}`);
  }
  return lines.join('\n');
}

/**
 * A Vitest failure's first line. The JSON report gives each error's stack, and a timed-out test's
 * stack is the one Vitest took where the test was declared, headed "Error: STACK_TRACE_ERROR" (the
 * message "Test timed out in N ms" is not in it): say what it means.
 */
function vitestError(text) {
  const line = firstLine(text);
  return line === 'Error: STACK_TRACE_ERROR' ? 'timed out (Vitest reports a timeout as STACK_TRACE_ERROR)' : line;
}

/** The first non-empty line of an error, without terminal colours. */
function firstLine(text) {
  return (
    text
      .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
      .split('\n')
      .find((l) => l.trim())
      ?.trim()
      .slice(0, 200) ?? ''
  );
}

// A suite file that failed to load counts once; one whose tests failed is already counted by them.
function countFilesFailedOutsideTests(report) {
  return report.testResults.filter(
    (s) => s.status === 'failed' && !s.assertionResults.some((a) => a.status === 'failed'),
  ).length;
}

if (vitestFailures) console.log(`\nVitest tests:\n${vitestFailures}`);
if (vitestErrors) console.log(`\nErrors outside any test (vitest):\n${vitestErrors}`);
if (browserSummary) console.log(`\nBrowser tests:\n${browserSummary}`);
console.log('\nSteps:');
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s)`);
const stepFailed = results.some((r) => !r.ok);
if (passed + failed === 0) {
  console.log('No test ran.');
  console.log(`0 passed, 1 failed`);
  process.exit(1);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || stepFailed ? 1 : 0);
