import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath, URL } from 'node:url';

/** The API server the dev server proxies to (npm run dev starts both). */
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
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
      treeshake: {
        // @cubeshop/shared has no top-level side effects; its zod schemas (z.* calls) are pure
        // values, so the browser bundle keeps only the helpers it uses and leaves zod to the
        // lazy chunks (forms) that really validate.
        moduleSideEffects: [{ test: /packages[\\/]shared[\\/]dist[\\/]/, sideEffects: false }],
        manualPureFunctions: ['z'],
      },
    },
  },
});
