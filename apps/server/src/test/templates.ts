// Migrated templates of the test databases: the committed migrations run once, and every test
// database starts as a copy (PGlite: a data folder loaded from a tarball; PostgreSQL:
// `create database ... template ...`). Opening PGlite and migrating costs ~1.5 s; loading the
// tarball ~0.4 s. The migrations themselves still run for real: once to build each template, and
// in the tests of migrating (db/migrate.pg.test.ts, cli.test.ts, cli/backup.test.ts,
// reliability/process.test.ts), which open their own databases.
//
// Kept small on purpose: vitest's globalSetup (test/global-setup.ts) imports it in the main process.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { MIGRATIONS_DIR, openDatabase } from '../db/client.js';

/**
 * What a template depends on: every file of the migrations folder, the code that opens and
 * migrates databases (db/client.ts) and the PGlite build (its data folder format). 16 hex digits.
 */
export function templateKey(): string {
  const hash = createHash('sha256');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.push(full);
    }
  };
  walk(MIGRATIONS_DIR);
  for (const file of files.sort()) {
    hash.update(path.relative(MIGRATIONS_DIR, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  hash.update(fs.readFileSync(fileURLToPath(new URL('../db/client.ts', import.meta.url))));
  const pgliteMain = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(fs.readFileSync(path.join(path.dirname(pgliteMain), '..', 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

// ---------------------------------------------------------------------------------------------
// PGlite: a tarball of a migrated data folder in os.tmpdir(), named by templateKey(), built by the
// first test process that needs it (the others wait on a lock file) and reused by later runs.

const PGLITE_PREFIX = 'cubeshop-pglite-template-';
let pgliteTemplate: Promise<Buffer> | undefined;

/** The uncompressed tarball of a migrated PGlite data folder (loaded once per test process). */
export function pgliteTemplateTar(): Promise<Buffer> {
  pgliteTemplate ??= loadPgliteTemplate().catch((error: unknown) => {
    pgliteTemplate = undefined;
    throw error;
  });
  return pgliteTemplate;
}

async function loadPgliteTemplate(): Promise<Buffer> {
  const dir = os.tmpdir();
  const file = path.join(dir, `${PGLITE_PREFIX}${templateKey()}.tar`);
  const existing = readIfExists(file);
  if (existing) return existing;
  const release = await lockFile(`${file}.lock`);
  try {
    // Another process may have built it while this one waited for the lock.
    const built = readIfExists(file);
    if (built) return built;
    const database = await openDatabase({});
    let tar: Buffer;
    try {
      await database.migrate();
      // dump() checkpoints first, so the copy opens without recovery; stored uncompressed because
      // a plain tar loads ~40 % faster than the gzipped one (and every test database loads it).
      tar = gunzipSync(Buffer.from(await (await database.dump!()).arrayBuffer()));
    } finally {
      await database.close();
    }
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, tar);
    fs.renameSync(partial, file);
    // Templates of other migrations (older checkouts) are rebuilt when needed: not kept around.
    for (const name of fs.readdirSync(dir)) {
      if (name.startsWith(PGLITE_PREFIX) && name.endsWith('.tar') && path.join(dir, name) !== file) fs.rmSync(path.join(dir, name), { force: true });
    }
    return tar;
  } finally {
    release();
  }
}

function readIfExists(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes a lock file (created exclusively, holding our pid); one left by a dead process is taken over. */
async function lockFile(lock: string): Promise<() => void> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readIfExists(lock)?.toString() ?? NaN);
    // An empty file is one being written this instant: wait like for a live holder.
    if (Number.isInteger(holder) && holder > 0 && !alive(holder)) {
      fs.rmSync(lock, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`waited 5 minutes for ${lock} (held by process ${holder}); remove it if no test runs`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: one template database per vitest run, built by test/global-setup.ts before the
// workers start and dropped when the run ends. Its name carries the pid of the run, so runs side by
// side never share one, and a run that was killed leaves one that the next run drops.

const PG_PREFIX = 'cubeshop_tpl_';

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(base: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Builds a migrated template database on the server of `base` and returns its name. */
export async function createPostgresTemplate(base: string): Promise<string> {
  const name = `${PG_PREFIX}${process.pid}_${templateKey()}`;
  await admin(base, async (client) => {
    // Templates of runs that ended without dropping theirs (killed): their process is gone.
    const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname like '${PG_PREFIX}%'`);
    for (const { datname } of rows) {
      const pid = Number(/^cubeshop_tpl_(\d+)_/.exec(datname)?.[1]);
      if (datname === name || (Number.isInteger(pid) && !alive(pid))) await client.query(`drop database if exists ${datname} with (force)`);
    }
    await client.query(`create database ${name}`);
  });
  const database = await openDatabase({ url: databaseUrl(base, name), poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  // Nobody connects to it any more (create database ... template needs it idle).
  await admin(base, (client) => client.query(`alter database ${name} with allow_connections false`));
  return name;
}

export async function dropPostgresTemplate(base: string, name: string): Promise<void> {
  await admin(base, (client) => client.query(`drop database if exists ${name} with (force)`));
}

/** A new database copied from the template (or empty when `template` is undefined). */
export async function createPostgresDatabase(base: string, name: string, template: string | undefined): Promise<string> {
  await admin(base, (client) => client.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  return databaseUrl(base, name);
}
