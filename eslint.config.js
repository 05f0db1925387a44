// Lint for every workspace. Besides type-aware TypeScript rules it keeps the one-way import
// flow of docs/architecture.md: shared -> server modules and web features -> app.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import testingLibrary from 'eslint-plugin-testing-library';
import playwright from 'eslint-plugin-playwright';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const dirs = (p) =>
  fs.existsSync(p)
    ? fs
        .readdirSync(p, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
const webFeatures = dirs('apps/web/src/features');

/**
 * Another module's repository or routes, seen from a file `depth` folders below modules/ (1:
 * modules/<m>/x.ts; 2: a job folder, modules/<m>/<job>/x.ts), wherever that module keeps them.
 * apps/server/src/architecture.test.ts keeps module files within those two depths.
 */
const otherModulePattern = (depth) => ({
  group: [`${'../'.repeat(depth)}*/**/*.repository*`, `${'../'.repeat(depth)}*/**/*.routes*`],
  message: 'Call the other module through its service, not its repository or routes.',
});

/** no-restricted-imports patterns of the server's layering (used by several blocks below). */
const serverPatterns = {
  otherModule: otherModulePattern(1),
  otherModuleFromJob: otherModulePattern(2),
  drizzle: { group: ['**/db/schema*', '**/db/schema/**', 'drizzle-orm', 'drizzle-orm/*'], message: 'Only repositories touch Drizzle and the tables.' },
  settingsTable: {
    group: ['**/db/schema', '**/db/schema/index*', '**/db/schema/settings*'],
    importNames: ['settings'],
    message: 'Only modules/settings/settings.repository.ts touches the settings table; use the settings service.',
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      '**/*.d.ts',
      'test-results/**',
      'playwright-report/**',
      'apps/server/src/db/migrations/**',
      'e2e/.tmp/**',
      '.screenshots/**',
      '**/.catalog-gen/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Type-aware rules on every TypeScript file, with the compiler settings its project uses
    // (tests included: tsconfig.test.json covers them for shared and the server).
    files: ['**/*.{ts,tsx}'],
    // Tool configs belong to no project.
    ignores: ['**/vitest.config.ts', '**/drizzle.config.ts'],
    languageOptions: {
      parserOptions: {
        project: ['packages/shared/tsconfig.test.json', 'apps/server/tsconfig.test.json', 'apps/web/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A promise nobody awaits loses its error; a promise where a callback returns void is a bug.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // A switch over a union handles every member (or has a default).
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // The rest of recommendedTypeChecked; the no-unsafe-* family, require-await, unbound-method and
      // no-base-to-string hold for production code only (next block). The tests still have 666
      // places where a value is `any` (JSON answers, test doubles), 113 async functions without an
      // await (fakes of interfaces that return promises), 4 unbound methods and 1 String(object).
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-array-delete': 'error',
      '@typescript-eslint/no-duplicate-type-constituents': 'error',
      '@typescript-eslint/no-for-in-array': 'error',
      'no-implied-eval': 'off',
      '@typescript-eslint/no-implied-eval': 'error',
      '@typescript-eslint/no-redundant-type-constituents': 'error',
      '@typescript-eslint/no-unsafe-enum-comparison': 'error',
      '@typescript-eslint/no-unsafe-unary-minus': 'error',
      'no-throw-literal': 'off',
      // react-router's loaders throw the Response of redirect().
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'lib', name: 'Response' }] }],
      'prefer-promise-reject-errors': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
      '@typescript-eslint/restrict-plus-operands': 'error',
      '@typescript-eslint/restrict-template-expressions': 'error',
    },
  },
  {
    // Production code: no value of type `any` flows on (parse JSON through the shared schemas or
    // narrow `unknown`), no method is passed on unbound (bind it or wrap it in an arrow), no
    // object is written as "[object Object]" (lib/form-data.ts and lib/text.ts in the web app), no
    // function is async without an await (return Promise.resolve(...); Fastify plugins and hooks
    // stay async with a disable that says so).
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/src/test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'error',
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      '@typescript-eslint/no-base-to-string': 'error',
      '@typescript-eslint/unbound-method': 'error',
      '@typescript-eslint/require-await': 'error',
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      // Which files are modules of ours and how to parse them (the import rules resolve every import).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'],
          // The web app's `@/` path alias (apps/web/tsconfig.json). The resolver does not read
          // `paths` from a tsconfig that has project references, and an import it cannot resolve
          // escapes the boundary rules below: spelled out here so `@/features/x` counts as well.
          alias: { '@': [path.resolve('apps/web/src')] },
        }),
      ],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
      // Import cycles are found by scripts/cycles.mjs (dependency-cruiser, one walk of each graph), also in `npm run lint`.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // shared depends on nothing of ours
            { target: './packages/shared', from: ['./apps', './e2e', './bench'], message: 'packages/shared must not import apps.' },
            // the two apps never import each other
            { target: './apps/web', from: './apps/server', message: 'The web app talks to the server over HTTP only.' },
            { target: './apps/server', from: './apps/web', message: 'The server must not import the web app.' },
            // web: lib and components are below features; features are below app
            { target: './apps/web/src/lib', from: ['./apps/web/src/features', './apps/web/src/app'], message: 'lib is a lower layer than features and app.' },
            // lib holds no UI: React components shared by features live in components/ (chat UI: components/chat)
            {
              target: './apps/web/src/lib',
              from: './apps/web/src/components',
              message: 'lib is a lower layer than components: move UI to components/ or a feature.',
            },
            {
              target: './apps/web/src/components',
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'components/ui is a lower layer than features and app.',
            },
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'features must not import the app layer.' },
            // server: db/ (schema, migrations, client) and plugins/ are below the modules, the CLI
            // (and its seed) and the composition root; they never import upwards
            {
              target: ['./apps/server/src/db', './apps/server/src/plugins'],
              from: [
                './apps/server/src/modules',
                './apps/server/src/cli',
                './apps/server/src/cli.ts',
                './apps/server/src/services.ts',
                './apps/server/src/app.ts',
              ],
              message: 'db/ and plugins/ are lower layers: they must not import modules, the CLI or the composition root.',
            },
            // no feature imports another feature's internals
            ...webFeatures.map((f) => ({
              target: `./apps/web/src/features/${f}`,
              from: './apps/web/src/features',
              except: [`./${f}`],
              message: `features/${f} must not import another feature; lift the shared part to lib or components.`,
            })),
          ],
        },
      ],
    },
  },
  // server: routes -> service -> repository; another module is reached through its service only;
  // only repositories touch Drizzle; only the settings repository touches the settings table.
  // (Each block below repeats the patterns that still apply: a later block replaces the rule.)
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/db/**', 'apps/server/src/modules/settings/settings.repository.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverPatterns.settingsTable] }] },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/**/*.repository.ts', 'apps/server/src/modules/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverPatterns.otherModule, serverPatterns.drizzle, serverPatterns.settingsTable] }] },
  },
  {
    files: ['apps/server/src/modules/**/*.repository.ts', 'apps/server/src/modules/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverPatterns.otherModule, serverPatterns.settingsTable] }] },
  },
  // The same two blocks for a module's job folders (modules/catalog/search/, ...): another module is one folder further up.
  {
    files: ['apps/server/src/modules/*/*/*.ts'],
    ignores: ['apps/server/src/modules/*/*/*.repository.ts', 'apps/server/src/modules/*/*/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverPatterns.otherModuleFromJob, serverPatterns.drizzle, serverPatterns.settingsTable] }] },
  },
  {
    files: ['apps/server/src/modules/*/*/*.repository.ts', 'apps/server/src/modules/*/*/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverPatterns.otherModuleFromJob, serverPatterns.settingsTable] }] },
  },
  {
    files: ['apps/server/src/modules/settings/settings.repository.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverPatterns.otherModule] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // The web app's markup is accessible: labels tied to their controls, buttons for actions, text
  // for pictures (a disable in the code says why where a rule does not fit).
  {
    ...jsxA11y.flatConfigs.recommended,
    files: ['apps/web/src/**/*.tsx'],
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // `role` on our own components is a staff role (<StaffOrderScreen role="sales" />), not ARIA.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
    },
  },
  // Web tests find things as a user does (roles, labels, text), not through the DOM tree.
  {
    ...testingLibrary.configs['flat/react'],
    files: ['apps/web/src/**/*.test.tsx'],
    // The render helper returning a render result (test/render.tsx); the tests' own render*
    // helpers return a router or an element.
    settings: { 'testing-library/custom-renders': ['renderScreen'] },
  },
  // End-to-end specs wait for what the user sees, never for a fixed time.
  {
    ...playwright.configs['flat/recommended'],
    files: ['e2e/specs/**', 'e2e/support/**'],
    rules: {
      ...playwright.configs['flat/recommended'].rules,
      'playwright/no-wait-for-timeout': 'error',
      // Specs run per language and width and pick the expected words and steps by them (a ternary
      // on the locale is no hidden branch); a conditional expect stays an error.
      'playwright/no-conditional-in-test': 'off',
    },
  },
);
