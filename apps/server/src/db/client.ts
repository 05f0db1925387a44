import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it. Only repositories touch it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the committed migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  /** A round trip to the database (health check). */
  ping(): Promise<void>;
  /**
   * The connection pool now (metrics): its size, connections open and idle, queries waiting for
   * one, and how often a query had to wait since start. Undefined for PGlite (one connection in
   * this process: its waits show as event-loop lag and request latency).
   */
  pool?(): PoolStats | undefined;
  /**
   * PGlite only: a copy of the whole data folder (a gzipped tar) while the database stays open, in
   * one consistent state: taken between transactions after a checkpoint (cli/backup.ts).
   */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  waiting: number;
  waits: number;
}

/** Folder of the committed SQL migrations; same relative place from src/ and dist/. */
export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations');

/** Arbitrary fixed key for pg_advisory_lock around migrations. */
const MIGRATION_LOCK_KEY = 724_011_2005;

export interface DatabaseOptions {
  /** postgres:// URL; when absent an embedded PGlite is used. */
  url?: string | undefined;
  /** Folder for PGlite's files; undefined means in memory (tests). */
  pgliteDir?: string | undefined;
  /** Pool size for node-postgres. */
  poolSize?: number;
  /** PGlite: fill the (empty) folder from a dump() first (a restore). */
  loadDataDir?: Blob | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.pgliteDir, options.loadDataDir);
}

async function openPglite(dir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  if (dir) fs.mkdirSync(dir, { recursive: true });
  // pg_trgm backs the catalog search; PostgreSQL servers ship it in contrib.
  const client = await PGlite.create(dir ?? 'memory://', { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    async ping() {
      await client.query('select 1');
    },
    dump() {
      // Inside a transaction of its own: PGlite runs one transaction at a time, so no other one is
      // half done while the files are read. The checkpoint writes every change into the data
      // files, so the copy needs no recovery when it is opened.
      return client.transaction(async (tx) => {
        await tx.query('checkpoint');
        return client.dumpDataDir('gzip');
      });
    },
    async close() {
      await client.close();
    },
  };
}

// eslint-disable-next-line @typescript-eslint/require-await -- openDatabase answers with a promise; async turns a throw into a rejection
async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // A request waits at most 5 s for a connection; while the server is unreachable it fails fast
  // (503 with Retry-After, plugins/errors.ts) instead of hanging until the OS gives up.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // A connection lost while idle must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Counts the checkouts that found every connection busy (queries, transactions): they waited.
  let waits = 0;
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  (pool as unknown as { connect: (callback?: unknown) => unknown }).connect = (callback?: unknown) => {
    if (pool.idleCount === 0 && pool.totalCount >= poolSize) waits++;
    return connect(callback);
  };
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // One dedicated connection holds a session advisory lock so two instances starting at
      // once apply the migrations one after the other; the second finds nothing left to do.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    pool: () => ({ max: poolSize, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, waits }),
    async close() {
      await pool.end();
    },
  };
}
