// npm run bench: starts the built server on a fresh data folder and measures routes with
// autocannon. Prints a table. Catalog (bench/catalog.mjs) and order (bench/orders.mjs) scenarios follow.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchCatalog, printCatalog } from './catalog.mjs';
import { benchOrders, printOrders } from './orders.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 8190);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

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

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startServer({ DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' });
  const rows = [];
  try {
    rows.push(await measure('GET /api/health (ceiling)', `${server.url}/api/health`));
    rows.push(await measure('GET / (web shell)', `${server.url}/`));
  } finally {
    await server.stop();
  }
  console.log(`\n${connections} connections, ${duration} s each, Node ${process.versions.node}, ${os.cpus().length} cores`);
  console.table(rows);

  // Catalog: embedded PGlite always, PostgreSQL when BENCH_DATABASE_URL names a database.
  const catalog = [await benchCatalog({ label: 'embedded PGlite', startServer, measure })];
  if (process.env.BENCH_DATABASE_URL) {
    catalog.push(await benchCatalog({ label: 'PostgreSQL', databaseUrl: process.env.BENCH_DATABASE_URL, startServer, measure }));
  }
  catalog.forEach(printCatalog);

  // Orders: 20 buyers checking out at once, on PostgreSQL when BENCH_DATABASE_URL is set (a fresh
  // database), then on embedded PGlite; each row ends with its doubled-or-lost count check.
  const orders = [];
  if (process.env.BENCH_DATABASE_URL) orders.push(await benchOrders({ label: 'PostgreSQL', databaseUrl: process.env.BENCH_DATABASE_URL, startServer }));
  orders.push(await benchOrders({ label: 'embedded PGlite', startServer }));
  printOrders(orders);
  if (orders.some((r) => !r.ok)) process.exitCode = 1;
}
