// Lint for every workspace. Besides type-aware TypeScript rules it keeps the one-way import
// flow of docs/architecture.md: shared -> server modules and web features -> app.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const dirs = (p) => (fs.existsSync(p) ? fs.readdirSync(p, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : []);
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
    ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', '**/*.d.ts', 'test-results/**', 'playwright-report/**', 'apps/server/src/db/migrations/**', 'e2e/.tmp/**', '.screenshots/**', '**/.catalog-gen/**'],
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
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      // Which files are modules of ours and how to parse them (no-cycle reads every import it follows).
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
      // No import cycles anywhere (a cycle is a layering mistake; docs/architecture.md). Type-only imports count too.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
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
            { target: './apps/web/src/lib', from: './apps/web/src/components', message: 'lib is a lower layer than components: move UI to components/ or a feature.' },
            { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'], message: 'components/ui is a lower layer than features and app.' },
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'features must not import the app layer.' },
            // server: db/ (schema, migrations, client) and plugins/ are below the modules, the CLI
            // (and its seed) and the composition root; they never import upwards
            {
              target: ['./apps/server/src/db', './apps/server/src/plugins'],
              from: ['./apps/server/src/modules', './apps/server/src/cli', './apps/server/src/cli.ts', './apps/server/src/services.ts', './apps/server/src/app.ts'],
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
);
