// The real server as its own process (src/server.ts through tsx), for the tests that must see
// the process itself: that it survives what a client sends, what SIGKILL leaves behind, restarts.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const SERVER_TS = path.resolve(import.meta.dirname, '../server.ts');
const CLI_TS = path.resolve(import.meta.dirname, '../cli.ts');
const ROOT = path.resolve(import.meta.dirname, '../../../..');
/** `node --import tsx file.ts`: one process (the tsx launcher would put a second one in front, which SIGKILL would miss). */
const NODE_TS = [process.execPath, '--import', 'tsx'] as const;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  wsUrl: string;
  dataDir: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** True while the process runs. */
  alive(): boolean;
  /** SIGTERM and wait for the exit; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL and wait for the exit. */
  kill(): Promise<void>;
}

export interface ServerProcessOptions {
  env?: Record<string, string>;
  /** Reuse a data folder (embedded database) from an earlier process. */
  dataDir?: string;
  port?: number;
}

/** A fresh data folder for a server process (removed by the caller). */
export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'cubeshop-proc-'));
}

/** Runs `npx cubeshop ...` (src/cli.ts) against a data folder or database; throws when it fails. */
export function runCli(args: string[], env: Record<string, string>): string {
  const script = `const { cli } = await import(${JSON.stringify(CLI_TS)}); process.exitCode = await cli(process.argv.slice(1));`;
  const result = spawnSync(NODE_TS[0], [...NODE_TS.slice(1), '--input-type=module', '-e', script, ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (result.status !== 0) throw new Error(`cli ${args.join(' ')} failed (${result.status}): ${result.stderr}${result.stdout}`);
  return result.stdout;
}

/** Starts src/server.ts and waits until /api/health answers 200 (60 s at most). */
export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? tempDataDir();
  const port = options.port ?? (await freePort());
  const child = spawn(NODE_TS[0], [...NODE_TS.slice(1), SERVER_TS], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  let exited = false;
  const exit = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      exited = true;
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`server exited during start-up:\n${out}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy in 60 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    url,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    dataDir,
    output: () => out,
    alive: () => !exited,
    async stop() {
      if (!exited) child.kill('SIGTERM');
      return exit;
    },
    async kill() {
      if (!exited) child.kill('SIGKILL');
      await exit;
    },
  };
}
