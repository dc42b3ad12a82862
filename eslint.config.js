import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const importsOf = (...layers) => layers.flatMap((l) => [`**/${l}/**`, `@${l}/*`, `@${l}`]);

/**
 * Features meet only through their public entry, `features/<name>/index.ts` (decision 0023),
 * on the server and on the web. One zone per pair of features, as bulletproof-react does it.
 */
function featureZones(side) {
  const entry = 'index.ts';
  const dir = `src/${side}/features`;
  const features = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  return features.flatMap((target) =>
    features
      .filter((from) => from !== target)
      .map((from) => ({
        target: `./${dir}/${target}`,
        from: `./${dir}/${from}`,
        except: [`./${entry}`],
        message: `Import the ${from} feature through its public entry (${dir}/${from}/index.ts).`,
      })),
  );
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.tmp/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      // An import cycle, even type-only, fails lint.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Tests and their helpers may reach into a feature to set things up.
    files: ['src/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.test-helpers.ts', 'src/server/test/**', 'src/web/test/**'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones('server'), ...featureZones('web')] }],
    },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // Imports flow web -> domain <- server (docs/decisions/0002-layout.md).
  {
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: importsOf('server', 'web'), message: 'src/domain is pure: it imports only zod.' }] }],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: importsOf('web'), message: 'The server never imports web code; share through src/domain.' }] }],
    },
  },
  {
    files: ['src/web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: importsOf('server'), message: 'The web never imports server code; share through src/domain.' }] }],
    },
  },
  {
    files: ['src/web/components/ui/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: [...importsOf('server'), '**/features/**'], message: 'UI primitives know no features.' }] }],
    },
  },
  {
    // Migrations take Kysely<any> by design: they must not depend on today's schema types.
    files: ['src/server/db/migrat*/**', 'src/server/db/migrate.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // App code behaves the same under test: a test passes explicit settings (createTestApp's
    // env overrides) instead of the app asking whether it is being tested.
    files: ['src/server/**', 'src/web/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "BinaryExpression:has(Literal[value='test']):has(:matches(Identifier[name='nodeEnv'], Identifier[name='NODE_ENV'], Identifier[name='MODE']))",
          message: 'No test-only branches in app code: give the behaviour a setting (env.ts) and have the test harness pass it.',
        },
      ],
    },
  },
  {
    // Scripts, benchmarks and test suites print what they measured.
    files: ['scripts/**', 'bench/**', 'e2e/**', '.ci/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-console': 'off' },
  },
);
