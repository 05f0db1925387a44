import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// *.pg.test.ts need a PostgreSQL server (concurrency between connections); they run in the
// PostgreSQL pass of npm test (TEST_DB=postgres); every other test runs in both passes but ONCE.
const postgres = process.env.TEST_DB === 'postgres';
// *.redis.test.ts need a Redis server (several instances sharing state); collected when
// TEST_REDIS_URL is set (npm test sets it when a local Redis answers; CI always has one).
const redis = Boolean(process.env.TEST_REDIS_URL);
// *.nginx.* (the tested deployment behind nginx, docs/deploy.md) need an nginx binary: NGINX_BIN
// or Debian's /usr/sbin/nginx (CI installs it; scripts/test.mjs says when it is missing).
const nginx = [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'].some((p) => !!p && fs.existsSync(p));

// Tests whose answers do not depend on the database kind run once, in the embedded pass: the
// PostgreSQL pass is for what PostgreSQL changes (other connections, other processes, its own
// server). Each is a sweep over every route or a check of start-up settings:
const ONCE = [
  // every operation of the API document sent malformed input: validation, error shapes, no internals
  'src/reliability/fuzz.test.ts',
  // every secured operation asked by the wrong caller: the access rules, decided before any query
  'src/reliability/idor.test.ts',
  // body size limits of each upload, enforced by the request parser
  'src/reliability/uploads.test.ts',
  // the environment read at start-up
  'src/config.test.ts',
];

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: [
      '**/node_modules/**',
      ...(postgres ? ONCE : ['src/**/*.pg.test.ts']),
      ...(redis ? [] : ['src/**/*.redis.test.ts', 'src/**/*.redis.pg.test.ts']),
      ...(nginx ? [] : ['src/**/*.nginx.*']),
    ],
    environment: 'node',
    // The PostgreSQL pass's migrated template database (src/test/templates.ts).
    globalSetup: ['./src/test/global-setup.ts'],
    // One worker per core (VITEST_MAX_WORKERS overrides); vitest's default leaves one core idle.
    maxWorkers: availableParallelism(),
    // Test files share their worker's loaded modules instead of each importing the app (~3 s a
    // file, half the CPU time of this project). The code keeps no state per process that a test
    // could leave behind: every test builds its own app on its own database (src/test/harness.ts).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
