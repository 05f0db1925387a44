// Shared by every benchmark: start the built server on a fresh data folder, measure a URL with
// autocannon. Kept apart from run.mjs so each scenario file also runs on its own.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const port = Number(process.env.BENCH_PORT ?? 8190);
export const duration = Number(process.env.BENCH_SECONDS ?? 10);
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function waitFor(url, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url}`);
}

export async function startServer(env = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cubeshop-bench-'));
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}/api/health`);
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.on('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function measure(name, url, extra = {}) {
  const result = await autocannon({ url, connections, duration, ...extra });
  return {
    scenario: name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}
