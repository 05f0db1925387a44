import { defineConfig, parseSync, type Plugin } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';

/**
 * react-router's package exports name only its development build (with dev-time warnings and
 * checks) under every condition; a production bundle takes its production files instead. Exact
 * matches, for the client and the server-rendering bundle alike.
 */
const reactRouterDist = (mode: 'production' | 'development') => fileURLToPath(new URL(`../../node_modules/react-router/dist/${mode}/`, import.meta.url));
export const reactRouterProduction = [
  { find: /^react-router$/, replacement: `${reactRouterDist('production')}index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${reactRouterDist('production')}dom-export.mjs` },
];

/**
 * @cubeshop/shared has no top-level side effects: its schemas (`export const ZFoo = z.object(...)`,
 * `ZBar = ZFoo.extend(...)`) are pure values. Each top-level `const` whose value calls something is
 * wrapped in a pure-annotated function call, so the bundler drops the ones the browser does not use
 * and zod stays in the lazy form chunks that really validate. (A global
 * `treeshake.manualPureFunctions: ['z']` would also match any library's minified function named
 * `z` and drop its calls; this marks only the shared package's own values.)
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
          .filter(
            (init) =>
              init &&
              !['ArrowFunctionExpression', 'FunctionExpression', 'ClassExpression'].includes(init.type) &&
              code.slice(init.start, init.end).includes('('),
          );
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

export default defineConfig(({ command, isSsrBuild }) => ({
  // @vitejs/plugin-react: the automatic JSX runtime and Fast Refresh in `npm run dev`.
  plugins: [react(), tailwindcss(), sharedSchemasArePure()],
  resolve: { alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...(command === 'build' ? reactRouterProduction : [])] },
  server: {
    port: 5173,
    host: '127.0.0.1',
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
      '/uploads': { target: apiTarget },
    },
  },
  // The server-rendering bundle (vite build --ssr src/entry-server.tsx): react-router is bundled
  // so it takes the production files too; the other libraries load from node_modules.
  ssr: { noExternal: ['react-router'] },
  build: {
    target: isSsrBuild ? 'node20' : 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      onwarn(warning, warn) {
        // "use client" directives of react-router, TanStack Query and lucide-react mean nothing in
        // a client bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client')) return;
        warn(warning);
      },
      output: isSsrBuild
        ? {}
        : {
            // The first load (everything the entry imports statically, tag $initial) as two chunks:
            // libraries (React, react-router, i18next, TanStack Query, the shell's lucide icons ...)
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
}));
