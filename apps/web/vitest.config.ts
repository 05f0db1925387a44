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
    // lucide-react's ES build is one module per icon: pre-bundled once, not ~1,900 modules per file.
    deps: { optimizer: { client: { enabled: true, include: ['lucide-react'] } } },
  },
});
