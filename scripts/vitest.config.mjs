import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Tests of the root scripts (npm start's supervisor ...). They spawn real processes.
// Paths are relative to this folder: the project's root is scripts/.
export default defineConfig({
  test: {
    name: 'scripts',
    include: ['**/*.test.mjs'],
    exclude: ['**/node_modules/**'],
    environment: 'node',
    // One worker per core, as in every project (vitest's default leaves one core idle).
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
