import { defineConfig } from 'vitest/config';

// *.pg.test.ts need a PostgreSQL server (concurrency between connections); they run in the
// PostgreSQL pass of npm test (TEST_DB=postgres), every other test runs in both passes.
const postgres = process.env.TEST_DB === 'postgres';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: postgres ? ['**/node_modules/**'] : ['**/node_modules/**', 'src/**/*.pg.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
