import { appendFileSync, mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { alias } from './vite.config.ts';

const apiInclude = ['src/server/**/*.api.test.ts'];

/**
 * The server's test files share a fork's modules instead of importing the whole server again per
 * file: each file still builds its own app and database in beforeAll, no test mocks a module or
 * changes process.env, and the modules' own state is pure memos. Importing took 394 s of the
 * forks' time in one CI run on a 2-core machine (the web tests, in jsdom, stay isolated).
 */
const SHARED_MODULES = { isolate: false } as const;

const projects: TestProjectInlineConfiguration[] = [
  {
    resolve: { alias },
    test: {
      ...SHARED_MODULES,
      name: 'unit',
      include: ['src/domain/**/*.test.ts', 'src/server/**/*.test.ts'],
      exclude: [...apiInclude, 'src/**/*.fuzz.test.ts'],
      environment: 'node',
    },
  },
  {
    resolve: { alias },
    test: {
      name: 'web',
      include: ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'],
      environment: 'jsdom',
      setupFiles: ['src/web/test/setup.ts'],
      css: false,
    },
  },
  {
    resolve: { alias },
    test: {
      ...SHARED_MODULES,
      name: 'api',
      include: apiInclude,
      environment: 'node',
      env: { TEST_DIALECT: 'sqlite' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
  {
    resolve: { alias },
    test: {
      ...SHARED_MODULES,
      name: 'fuzz',
      include: ['src/**/*.fuzz.test.ts'],
      environment: 'node',
      env: { TEST_DIALECT: 'sqlite' },
      // A test per API route, of FUZZ_RUNS cases: far more than any route needs on the slowest machine seen.
      testTimeout: 120_000,
      hookTimeout: 60_000,
    },
  },
];

// The same API suite again on PostgreSQL when a server is given.
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    resolve: { alias },
    test: {
      ...SHARED_MODULES,
      name: 'api-postgres',
      include: apiInclude,
      environment: 'node',
      env: { TEST_DIALECT: 'postgres' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
  // PostgreSQL refuses what SQLite stores (NUL characters, numbers beyond a column's range):
  // the fuzz suite runs against it too.
  projects.push({
    resolve: { alias },
    test: {
      ...SHARED_MODULES,
      name: 'fuzz-postgres',
      include: ['src/**/*.fuzz.test.ts'],
      environment: 'node',
      env: { TEST_DIALECT: 'postgres' },
      // A test per API route, of FUZZ_RUNS cases: far more than any route needs on the slowest machine seen.
      testTimeout: 120_000,
      hookTimeout: 60_000,
    },
  });
}

/**
 * The fuzz suites first. Vitest orders files by project name, so the PostgreSQL fuzz suite (one
 * file, about 5 minutes on a 2-core machine) started last and ran alone for minutes at the end of
 * the run; started first, the other files run beside it.
 */
class FuzzFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const fuzz = (f: TestSpecification) => f.project.name.startsWith('fuzz');
    return [...sorted.filter(fuzz), ...sorted.filter((f) => !fuzz(f))];
  }
}

/**
 * Where an error thrown outside any test (an unhandled rejection, say) is written: such an error
 * fails the run without failing a test, and CI keeps only the end of the output, so `npm test`
 * prints this file's lines last (scripts/test-all.mjs).
 */
export const UNHANDLED_ERRORS_FILE = path.join(import.meta.dirname, '.tmp', 'vitest-unhandled.log');

export default defineConfig({
  test: {
    projects,
    onUnhandledError(error) {
      const where = 'stack' in error && error.stack ? error.stack.split('\n').slice(0, 6).join('\n') : '';
      mkdirSync(path.dirname(UNHANDLED_ERRORS_FILE), { recursive: true });
      appendFileSync(UNHANDLED_ERRORS_FILE, `${error.type}: ${error.message}\n${where}\n\n`);
    },
    pool: 'forks',
    sequence: { sequencer: FuzzFirst },
    // Vitest's default is one fork fewer than the cores: one fork on a 2-core CI machine. The API
    // tests spend much of their time waiting on PostgreSQL, child servers and timers, so two forks
    // there took the whole run from 602 s to 378 s (2026-11-26, the same tests, all passing), and
    // the whole `npm test` still used about 40% of the two cores (2026-11-30: 30 CPU-minutes in a
    // 38.5-minute run): one fork more than the cores.
    maxWorkers: availableParallelism() + 1,
  },
});
