import { defineConfig, parseSync, type Plugin } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath, URL } from 'node:url';

/**
 * React's runtime swapped for Preact's compat layer at build time (README, Bundle): the source is
 * written against React's API ('react' imports, @types/react), and every react / react-dom import
 * of the app and of its dependencies (react-router, TanStack Query, react-i18next, lucide-react,
 * zustand, react-hook-form, Testing Library) resolves to preact/compat. Exact matches only, so
 * react-router, react-i18next ... themselves are untouched. vitest.config.ts uses the same list,
 * so the unit tests exercise what ships.
 */
export const reactToPreact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  // react-i18next takes useSyncExternalStore from this CommonJS shim, which require()s 'react':
  // preact/compat has the hook itself.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
];

/**
 * @cubeshop/shared has no top-level side effects: its schemas (`export const ZFoo = z.object(...)`,
 * `ZBar = ZFoo.extend(...)`) are pure values. Each top-level `const` whose value calls something is
 * wrapped in a pure-annotated function call, so the bundler drops the ones the browser does not use
 * and zod stays in the lazy form chunks that really validate. (A global
 * `treeshake.manualPureFunctions: ['z']` did this before, but it also matched Preact's minified
 * internal function `z` and dropped its calls: nothing rendered.)
 */
function sharedSchemasArePure(): Plugin {
  const shared = /packages[\\/]shared[\\/]dist[\\/].*\.js$/;
  return {
    name: 'cubeshop:shared-schemas-are-pure',
    apply: 'build',
    transform: {
      filter: { id: shared },
      handler(code, id) {
        const { program } = parseSync(id, code);
        const inits = program.body
          .map((statement) => (statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement))
          .flatMap((statement) => (statement?.type === 'VariableDeclaration' ? statement.declarations : []))
          .map((declarator) => declarator.init)
          .filter((init) => init && !['ArrowFunctionExpression', 'FunctionExpression', 'ClassExpression'].includes(init.type) && code.slice(init.start, init.end).includes('('));
        if (inits.length === 0) return null;
        let out = code;
        for (const init of inits.reverse()) {
          out = `${out.slice(0, init!.start)}/* @__PURE__ */ (() => (${out.slice(init!.start, init!.end)}))()${out.slice(init!.end)}`;
        }
        // Text is only inserted around values, nothing moves: the input source map still holds.
        return { code: out, map: null };
      },
    },
  };
}

/** The API server the dev server proxies to (npm run dev starts both). */
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [tailwindcss(), sharedSchemasArePure()],
  // JSX is compiled by Vite's own transform (automatic runtime, 'react/jsx-runtime', aliased to
  // Preact's). No @vitejs/plugin-react: React Fast Refresh cannot patch Preact components, so in
  // dev an edited component reloads the page instead of hot-swapping.
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  resolve: { alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...reactToPreact] },
  server: {
    port: 5173,
    host: '127.0.0.1',
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
      '/uploads': { target: apiTarget },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      onwarn(warning, warn) {
        // "use client" directives of react-router, TanStack Query and lucide-react mean nothing in
        // a client bundle (@vitejs/plugin-react used to silence them), and react-router reads
        // React.useOptimistic only when it exists (preact/compat has none; it falls back).
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client')) return;
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
        warn(warning);
      },
      output: {
        // The first load (everything the entry imports statically, tag $initial) as two chunks:
        // libraries (Preact, react-router, i18next, TanStack Query, the shell's lucide icons ...)
        // and the app shell, instead of ~40 small shared chunks (one per icon). Only $initial
        // modules are grouped, so nothing the lazy routes use alone (zod, forms, chat) moves
        // into the first load; lazy chunks keep the automatic splitting.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules/, tags: ['$initial'], priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
      treeshake: {
        // @cubeshop/shared has no top-level side effects (see sharedSchemasArePure): the browser
        // bundle keeps only the helpers it uses.
        moduleSideEffects: [{ test: /packages[\\/]shared[\\/]dist[\\/]/, sideEffects: false }],
      },
    },
  },
});
