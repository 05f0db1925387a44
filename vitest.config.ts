import { defineConfig } from 'vitest/config';

/** One vitest run over every workspace; each project has its own config next to its code. */
export default defineConfig({
  test: {
    projects: ['packages/shared/vitest.config.ts', 'apps/server/vitest.config.ts', 'apps/web/vitest.config.ts'],
  },
});
