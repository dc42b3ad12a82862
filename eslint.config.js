import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const importsOf = (...layers) => layers.flatMap((l) => [`**/${l}/**`, `@${l}/*`, `@${l}`]);
const serverLayer = [
  { group: importsOf('web'), message: 'The server never imports web code; share through src/domain.' },
];
const webLayer = [
  { group: importsOf('server'), message: 'The web never imports server code; share through src/domain.' },
];

const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/test/**'];

/**
 * App code behaves the same under test: a test passes explicit settings (createTestApp's env
 * overrides) instead of the app asking whether it is being tested.
 */
const noTestBranches = {
  selector:
    "BinaryExpression:has(Literal[value='test']):has(:matches(Identifier[name='nodeEnv'], Identifier[name='NODE_ENV'], Identifier[name='MODE']))",
  message:
    'No test-only branches in app code: give the behaviour a setting (env.ts) and have the test harness pass it.',
};

/**
 * One owner per query key (issue 32): an invalidation names a key from src/web/lib/query-keys.ts
 * (queryKeys, invalidationSets) or from its feature's api/, never a literal array, in
 * `invalidateQueries({ queryKey: [...] })` or `invalidate(qc, [[...]])`.
 */
const literalQueryKey = {
  selector: [
    "CallExpression[callee.property.name='invalidateQueries'] > ObjectExpression > Property[key.name='queryKey'] > ArrayExpression",
    "CallExpression[callee.property.name='invalidateQueries'] > ObjectExpression > Property[key.name='queryKey'] > TSAsExpression > ArrayExpression",
    "CallExpression[callee.name='invalidate'] > ArrayExpression > ArrayExpression",
  ].join(', '),
  message:
    'Invalidate a named key, not a literal array: use queryKeys or invalidationSets from src/web/lib/query-keys.ts (add the key there), or the feature api/ key.',
};

const featuresOf = (side) =>
  readdirSync(`src/${side}/features`, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/**
 * Features meet only through their public entry, `features/<name>/index.ts` (decision 0023), on
 * the server and on the web: inside feature X, an import of another feature's file (not its
 * folder, which is its index) is refused. One config per feature, carrying its layer's rule too
 * (a later `no-restricted-imports` replaces an earlier one for the same files).
 */
function featureBoundaries(side, layerPatterns) {
  const features = featuresOf(side);
  return features.map((feature) => {
    const others = features.filter((f) => f !== feature).join('|');
    return {
      files: [`src/${side}/features/${feature}/**`],
      ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.test-helpers.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...layerPatterns,
              {
                regex: `^((\\.\\./)+|.*/features/)(${others})/.+`,
                message: `Import another feature through its public entry (src/${side}/features/<name>/index.ts), not its files.`,
              },
            ],
          },
        ],
      },
    };
  });
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.react-router/**',
      'node_modules/**',
      'data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // Imports flow web -> domain <- server (docs/decisions/0002-layout.md).
  {
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: importsOf('server', 'web'), message: 'src/domain is pure: it imports only zod.' }] },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: serverLayer }],
    },
  },
  {
    files: ['src/web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: webLayer }],
    },
  },
  {
    files: ['src/web/components/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: [...importsOf('server'), '**/features/**'], message: 'UI primitives know no features.' }],
        },
      ],
    },
  },
  ...featureBoundaries('server', serverLayer),
  ...featureBoundaries('web', webLayer),
  {
    // Migrations take Kysely<any> by design: they must not depend on today's schema types.
    files: ['src/server/db/migrat*/**', 'src/server/db/migrate.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // A later `no-restricted-syntax` replaces an earlier one for the same files, so each set of
  // files lists all of its selectors: the server's app code, the web's tests, the web's app code.
  {
    files: ['src/server/**'],
    ignores: testFiles,
    rules: { 'no-restricted-syntax': ['error', noTestBranches] },
  },
  {
    files: ['src/web/**'],
    rules: { 'no-restricted-syntax': ['error', literalQueryKey] },
  },
  {
    files: ['src/web/**'],
    ignores: testFiles,
    rules: { 'no-restricted-syntax': ['error', noTestBranches, literalQueryKey] },
  },
  {
    // Scripts, benchmarks and test suites print what they measured.
    files: ['scripts/**', 'bench/**', 'e2e/**', '.ci/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-console': 'off' },
  },
);
