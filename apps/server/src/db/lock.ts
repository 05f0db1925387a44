import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite is single-process: two processes opening one data folder corrupt it. Whoever opens the
 * folder (the server or the CLI) first creates DATA_DIR/db.lock exclusively with its pid.
 */
export interface DataDirLock {
  release(): void;
}

export interface LockHolder {
  pid: number;
  role: 'server' | 'cli';
  /** When the holding process started (epoch ms): tells a reused pid from the holder. */
  startedAt?: number;
  /** Loopback URL of the server's CLI channel, when the holder is a server. */
  cliUrl?: string;
}

function lockPath(dataDir: string) {
  return path.join(dataDir, 'db.lock');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** This process's start, as written in its locks. */
const STARTED_AT = Math.round(performance.timeOrigin);

/**
 * The holder is alive: its pid runs, and it is not this very pid left behind by an earlier
 * process (after a crash in a container the restarted server is pid 1 again).
 */
function holds(holder: LockHolder): boolean {
  if (holder.pid === process.pid) return holder.startedAt === undefined || holder.startedAt === STARTED_AT;
  return alive(holder.pid);
}

export function readLock(dataDir: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(fs.readFileSync(lockPath(dataDir), 'utf8')) as LockHolder;
    return holds(holder) ? holder : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the lock, or returns the live holder when another process has it. */
export function acquireLock(dataDir: string, role: LockHolder['role']): DataDirLock | LockHolder {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockPath(dataDir);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify({ pid: process.pid, role, startedAt: STARTED_AT } satisfies LockHolder), { flag: 'wx', mode: 0o600 });
      return {
        release() {
          try {
            const holder = JSON.parse(fs.readFileSync(file, 'utf8')) as LockHolder;
            if (holder.pid === process.pid) fs.unlinkSync(file);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readLock(dataDir);
      if (holder) return holder;
      // Stale lock from a process that died: remove it and try again.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock ${file}`);
}

export function isHolder(value: DataDirLock | LockHolder): value is LockHolder {
  return 'pid' in value;
}

/** The server records where its CLI channel listens, next to its pid. */
export function updateLock(dataDir: string, holder: LockHolder) {
  fs.writeFileSync(lockPath(dataDir), JSON.stringify({ startedAt: STARTED_AT, ...holder }), { mode: 0o600 });
}

export function secretPath(dataDir: string) {
  return path.join(dataDir, 'cli.secret');
}
