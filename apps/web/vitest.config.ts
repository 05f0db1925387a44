import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // One worker per core, as in every project (vitest's default leaves one core idle).
    maxWorkers: availableParallelism(),
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    // Test files share their worker's loaded modules and jsdom document instead of each starting
    // afresh (a new jsdom and module graph per file was three quarters of this project's wall
    // time). setup.ts puts back after each file what a file may change: language, stores,
    // storage, cookies, the document, the URL, timers and globals.
    isolate: false,
    // A screen test waits up to 5 s for each element (setup.ts): the test itself gets longer, so a
    // loaded machine fails a wait with its message, not the whole test with "timed out".
    testTimeout: 15_000,
    // lucide-react's ES build is one module per icon: pre-bundled once, not ~1,900 modules per file.
    deps: { optimizer: { client: { enabled: true, include: ['lucide-react'] } } },
  },
});
