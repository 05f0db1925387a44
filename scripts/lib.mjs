// Helpers shared by npm start, npm test and npm run dev. Plain Node, no dependencies: these run
// before `npm install` has happened on a fresh clone.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export function log(message) {
  process.stdout.write(`\x1b[36m[cubeshop]\x1b[0m ${message}\n`);
}

/** Runs a command in the repository root; exits the process when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    log(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
  return result;
}

/** Like run, but returns the exit code instead of exiting. */
export function runStatus(command, args, options = {}) {
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options }).status ?? 1;
}

/**
 * Like runStatus, but the child's output also goes through us (asynchronously, so a long run
 * streams as it goes); resolves to { status, output } with everything it printed.
 */
export function runCapture(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['inherit', 'pipe', 'pipe'], ...options });
    const chunks = [];
    child.stdout.on('data', (d) => {
      chunks.push(d);
      process.stdout.write(d);
    });
    child.stderr.on('data', (d) => {
      chunks.push(d);
      process.stderr.write(d);
    });
    child.on('close', (code, signal) => resolve({ status: code ?? (signal ? 1 : 0), signal, output: Buffer.concat(chunks).toString('utf8') }));
  });
}

export function npmRun(args, options) {
  return run(npm, args, options);
}

/** Installs dependencies on a fresh clone, or when package-lock.json changed since the last install. */
export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const fresh = fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs;
  if (fresh) return;
  log('installing dependencies (npm ci) ...');
  run(npm, ['ci', '--no-audit', '--no-fund']);
}

function newestMtime(dir, skip = new Set(['node_modules', 'dist'])) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  const stack = [dir];
  while (stack.length) {
    const current = stack.pop();
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      if (skip.has(entry.name)) continue;
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  }
  return newest;
}

function mtime(file) {
  return fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
}

/** Builds shared + server (incremental tsc) and the web app when its sources are newer than the build. */
export function ensureBuilt({ force = false } = {}) {
  log('building server (tsc -b) ...');
  run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'packages/shared', 'apps/server']);
  const webIndex = path.join(root, 'apps/web/dist/index.html');
  const sources = Math.max(
    newestMtime(path.join(root, 'apps/web/src')),
    newestMtime(path.join(root, 'apps/web/public')),
    mtime(path.join(root, 'apps/web/index.html')),
    mtime(path.join(root, 'apps/web/vite.config.ts')),
    newestMtime(path.join(root, 'packages/shared/src')),
  );
  if (force || mtime(webIndex) < sources) {
    log('building web app (vite build) ...');
    run(npm, ['run', 'build', '-w', '@cubeshop/web']);
  }
}

/** Starts a long-running child that shares our terminal; forwards SIGINT/SIGTERM to it. */
export function startChild(command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
  return child;
}

export function forwardSignals(children) {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      for (const child of children) child.kill(signal);
    });
  }
}
