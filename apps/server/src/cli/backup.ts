import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { TConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { acquireLock, isHolder, readLock } from '../db/lock.js';

/**
 * `npx cubeshop backup <folder>` and `npx cubeshop restore <folder>` (docs/deploy.md, Backup and
 * restore). A backup is a folder:
 *   cubeshop-backup.json   what it holds (written last: a folder without it is not a backup)
 *   database.tar.gz        the embedded database (PGlite's data folder), or
 *   database.pgdump        PostgreSQL (pg_dump's custom format)
 *   uploads/               the pictures of DATA_DIR/uploads (absent with S3_BUCKET)
 * Backup runs while the shop runs: with the embedded database the running server makes it (the
 * CLI sends the command over its loopback channel), copying the database between transactions;
 * the pictures are copied after it. Restore fills an empty DATA_DIR (or, with PostgreSQL, an empty
 * database) and never runs through a server.
 */

export const MANIFEST = 'cubeshop-backup.json';
const PGLITE_FILE = 'database.tar.gz';
const PGDUMP_FILE = 'database.pgdump';

export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  file: string;
  /** Pictures copied, or where they are when not in the backup. */
  pictures: { files: number } | { objectStorage: string };
}

export interface CommandResult {
  code: number;
  output: string;
}

const usage = (line: string) => ({ code: 2, output: line });

/** Files under dir, recursively (relative paths); none when it does not exist. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** Copies the pictures, leaving out files still being written (`*.tmp`, renamed when complete). */
function copyPictures(from: string, to: string): number {
  let files = 0;
  for (const rel of filesUnder(from)) {
    if (rel.endsWith('.tmp')) continue;
    const target = path.join(to, rel);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    try {
      fs.copyFileSync(path.join(from, rel), target);
      files++;
    } catch (err) {
      // Deleted since it was listed: nothing refers to it any more.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return files;
}

/** A PostgreSQL client tool's environment: the URL without its password, which goes in PGPASSWORD (not in `ps`). */
function pgTool(url: string): { dbUrl: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbUrl: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function onPath(tool: string): boolean {
  return spawnSync(tool, ['--version'], { encoding: 'utf8' }).status === 0;
}

/** Runs a PostgreSQL client tool; its error output when it failed. */
function runPgTool(tool: string, args: string[], env: NodeJS.ProcessEnv): string | undefined {
  const result = spawnSync(tool, args, { env, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (result.error) return result.error.message;
  if (result.status !== 0) return (result.stderr || result.stdout || `exit ${result.status}`).trim();
  return undefined;
}

/** `backup <folder>`: in the process that holds the database (the server, or the CLI when none runs). */
export async function backup(args: string[], { config, database }: { config: TConfig; database: Database }): Promise<CommandResult> {
  let target: string | undefined;
  try {
    const { positionals } = parseArgs({ args, allowPositionals: true, strict: true, options: {} });
    if (positionals.length !== 1) return usage('backup needs one folder to write the backup into');
    target = path.resolve(positionals[0]!);
  } catch (err) {
    return usage((err as Error).message);
  }
  if (fs.existsSync(target) && (!fs.statSync(target).isDirectory() || fs.readdirSync(target).length > 0)) {
    return { code: 1, output: `Cannot back up into ${target}: it is not an empty folder. Give a new folder for each backup.` };
  }
  const started = Date.now();
  fs.mkdirSync(target, { recursive: true });
  let file: string;
  if (database.kind === 'pglite') {
    if (!database.dump) return { code: 1, output: 'This database cannot be copied.' };
    file = PGLITE_FILE;
    const blob = await database.dump();
    fs.writeFileSync(path.join(target, file), Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
  } else {
    file = PGDUMP_FILE;
    if (!onPath('pg_dump')) {
      fs.rmSync(target, { recursive: true, force: true });
      return {
        code: 1,
        output:
          'pg_dump was not found on PATH. Install the PostgreSQL client tools (the server\'s major version or newer), or back the database up yourself: pg_dump --format=custom --file=shop.pgdump "$DATABASE_URL" (docs/deploy.md, Backup and restore).',
      };
    }
    const { dbUrl, env } = pgTool(config.DATABASE_URL!);
    const failed = runPgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(target, file)}`, `--dbname=${dbUrl}`], env);
    if (failed) {
      fs.rmSync(target, { recursive: true, force: true });
      return { code: 1, output: `pg_dump failed: ${failed}` };
    }
  }
  const pictures: BackupManifest['pictures'] = config.S3_BUCKET
    ? { objectStorage: `s3://${config.S3_BUCKET}/${config.S3_PREFIX ?? ''}` }
    : { files: copyPictures(path.join(config.DATA_DIR, 'uploads'), path.join(target, 'uploads')) };
  const manifest: BackupManifest = { format: 1, createdAt: new Date().toISOString(), database: database.kind, file, pictures };
  fs.writeFileSync(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  const size = fs.statSync(path.join(target, file)).size;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const where =
    'files' in pictures
      ? `${pictures.files} picture file(s)`
      : `no pictures: they are in ${pictures.objectStorage} (back the bucket up with the provider's versioning or aws s3 sync)`;
  return {
    code: 0,
    output: `Backed up the ${database.kind === 'pglite' ? 'embedded' : 'PostgreSQL'} database (${(size / 1e6).toFixed(1)} MB) and ${where} to ${target} in ${seconds} s.`,
  };
}

function readManifest(folder: string): BackupManifest | string {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, MANIFEST), 'utf8')) as BackupManifest;
    if (manifest.format !== 1 || !fs.existsSync(path.join(folder, manifest.file))) return `${folder} is not a complete backup (its database file is missing).`;
    return manifest;
  } catch {
    return `${folder} is not a Cubeshop backup (no readable ${MANIFEST}).`;
  }
}

/** Tables in the database (an empty one has none of ours). */
async function tableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>("select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')");
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * `restore <folder> [--force]`: into DATA_DIR (and the database of DATABASE_URL), which must be
 * empty unless --force; never while a server holds the data folder. Run by the CLI process itself.
 */
export async function restore(args: string[], config: TConfig): Promise<CommandResult> {
  let folder: string;
  let force: boolean;
  try {
    const { positionals, values } = parseArgs({ args, allowPositionals: true, strict: true, options: { force: { type: 'boolean', default: false } } });
    if (positionals.length !== 1) return usage('restore needs the backup folder');
    folder = path.resolve(positionals[0]!);
    force = values.force;
  } catch (err) {
    return usage((err as Error).message);
  }
  const manifest = readManifest(folder);
  if (typeof manifest === 'string') return { code: 1, output: manifest };
  const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
  if (manifest.database !== kind) {
    return {
      code: 1,
      output: `This backup holds ${manifest.database === 'pglite' ? 'the embedded database' : 'a PostgreSQL dump'}, but this configuration uses ${kind === 'pglite' ? 'the embedded database (DATABASE_URL is not set)' : 'PostgreSQL (DATABASE_URL)'}.`,
    };
  }
  const holder = readLock(config.DATA_DIR);
  if (holder && holder.pid !== process.pid)
    return { code: 1, output: `A ${holder.role} (pid ${holder.pid}) is using ${config.DATA_DIR}. Stop it before restoring.` };

  const uploads = path.join(config.DATA_DIR, 'uploads');
  const started = Date.now();
  if (kind === 'pglite') {
    const present = fs.existsSync(config.DATA_DIR) ? fs.readdirSync(config.DATA_DIR).filter((name) => name !== 'db.lock') : [];
    if (present.length && !force) {
      return {
        code: 1,
        output: `${config.DATA_DIR} is not empty (${present.slice(0, 5).join(', ')}). Restore into an empty DATA_DIR, or add --force to replace its database and pictures.`,
      };
    }
    const lock = acquireLock(config.DATA_DIR, 'cli');
    if (isHolder(lock)) return { code: 1, output: `A ${lock.role} (pid ${lock.pid}) is using ${config.DATA_DIR}. Stop it before restoring.` };
    try {
      fs.rmSync(path.join(config.DATA_DIR, 'pglite'), { recursive: true, force: true });
      fs.rmSync(uploads, { recursive: true, force: true });
      const blob = new Blob([fs.readFileSync(path.join(folder, manifest.file))], { type: 'application/x-gzip' });
      const database = await openDatabase({ pgliteDir: path.join(config.DATA_DIR, 'pglite'), loadDataDir: blob });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      const files = copyPictures(path.join(folder, 'uploads'), uploads);
      return { code: 0, output: restored(folder, config.DATA_DIR, files, manifest, started) };
    } finally {
      lock.release();
    }
  }

  // PostgreSQL: pg_restore into an empty database (or, with --force, over ours).
  if (!onPath('pg_restore')) {
    return {
      code: 1,
      output: `pg_restore was not found on PATH. Install the PostgreSQL client tools, or restore yourself: pg_restore --no-owner --no-privileges --dbname="$DATABASE_URL" ${path.join(folder, manifest.file)}`,
    };
  }
  const tables = await tableCount(config.DATABASE_URL!);
  if (tables > 0 && !force)
    return {
      code: 1,
      output: `The database of DATABASE_URL is not empty (${tables} tables). Restore into a new, empty database, or add --force to replace its tables.`,
    };
  if ('files' in manifest.pictures && filesUnder(uploads).length > 0 && !force) {
    return { code: 1, output: `${uploads} is not empty. Restore into an empty DATA_DIR, or add --force to replace its pictures.` };
  }
  const { dbUrl, env } = pgTool(config.DATABASE_URL!);
  const failed = runPgTool(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      ...(force ? ['--clean', '--if-exists'] : []),
      `--dbname=${dbUrl}`,
      path.join(folder, manifest.file),
    ],
    env,
  );
  if (failed) return { code: 1, output: `pg_restore failed: ${failed}` };
  let files = 0;
  if ('files' in manifest.pictures) {
    fs.rmSync(uploads, { recursive: true, force: true });
    files = copyPictures(path.join(folder, 'uploads'), uploads);
  }
  return { code: 0, output: restored(folder, kind === 'postgres' ? 'the database of DATABASE_URL' : config.DATA_DIR, files, manifest, started) };
}

function restored(folder: string, into: string, files: number, manifest: BackupManifest, started: number): string {
  const pictures = 'files' in manifest.pictures ? `${files} picture file(s)` : `no pictures (they stay in ${manifest.pictures.objectStorage})`;
  return `Restored the backup of ${manifest.createdAt} from ${folder} into ${into}: the database and ${pictures}, in ${((Date.now() - started) / 1000).toFixed(1)} s. Start the server on it.`;
}
