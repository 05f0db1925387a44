import { defineConfig } from 'vitest/config';

/** One vitest run over every workspace; each project has its own config next to its code. */
export default defineConfig({
  test: {
    // Two workers match the two cores; PGlite instances are heavy.
    maxWorkers: 2,
    projects: ['packages/shared/vitest.config.ts', 'apps/server/vitest.config.ts', 'apps/web/vitest.config.ts', 'scripts/vitest.config.mjs'],
  },
});
