import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../app.js';
import { loadConfig, type TConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { createPostgresDatabase, pgliteTemplateTar } from './templates.js';

/**
 * Which database server tests run against: embedded PGlite by default, PostgreSQL when
 * TEST_DB=postgres (npm test sets it on its second pass when TEST_DATABASE_URL is given).
 */
export const TEST_DB_KIND: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  database: Database;
  url?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped afterwards.
 * Both start as a copy of a template migrated once (test/templates.ts); tests of migrating itself
 * open their own databases.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DB_KIND === 'pglite') {
    const database = await openDatabase({ loadDataDir: new Blob([await pgliteTemplateTar()]) });
    return { database, drop: () => database.close().catch(() => undefined) };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `cubeshop_t_${randomBytes(6).toString('hex')}`;
  // The run's template (test/global-setup.ts); without one (a harness outside vitest's config) the
  // new database is migrated here.
  const template = inject('pgTemplate');
  const url = await createPostgresDatabase(base, name, template);
  const database = await openDatabase({ url, poolSize: 5 });
  if (!template) await database.migrate();
  return {
    database,
    url,
    async drop() {
      // A test may have closed it already (the database going away is what it tests).
      await database.close().catch(() => undefined);
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp extends App {
  config: TConfig;
  close(): Promise<void>;
}

/** The configuration of an app under test (quiet, no demo data, no load shedding), with `env` on top. */
export function testConfig(env: Record<string, string> = {}): TConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/cubeshop-test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST: '/nonexistent',
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    PRESSURE_MAX_HEAP_USED_MB: '0',
    ...env,
  });
}

/**
 * The whole app on a fresh database, for app.inject tests. Load shedding is off unless a test
 * turns it on: two test workers and PGlite's start-up keep the event loop of a test process busy
 * for seconds, which would refuse the requests of tests about something else.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const config = testConfig(env);
  const built = await buildApp({ config, database: testDb.database, logger: false });
  await built.app.ready();
  return {
    ...built,
    config,
    async close() {
      await built.app.close();
      await testDb.drop();
    },
  };
}
