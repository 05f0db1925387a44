import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** One vitest run over every workspace; each project has its own config next to its code. */
export default defineConfig({
  test: {
    // One worker per core (VITEST_MAX_WORKERS overrides): vitest's default leaves one core idle.
    // Every project says the same (vitest refuses projects with different counts in one run).
    maxWorkers: availableParallelism(),
    projects: ['packages/shared/vitest.config.ts', 'apps/server/vitest.config.ts', 'apps/web/vitest.config.ts', 'scripts/vitest.config.mjs'],
  },
});
