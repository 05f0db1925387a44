import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // One worker per core, as in every project (vitest's default leaves one core idle).
  test: { name: 'shared', include: ['src/**/*.test.ts'], environment: 'node', maxWorkers: availableParallelism() },
});
