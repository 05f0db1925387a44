// The staff order queue at scale (docs/orders.md, Back office): BENCH_QUEUE_ORDERS
// synthetic orders (default 100,000, `npx cubeshop seed --orders N`), then GET /api/admin/orders
// as an owner at BENCH_QUEUE_CONNECTIONS (default 20) for BENCH_SECONDS per scenario: the default
// page, status tabs with filters, buyer and tracking search, a date range sorted by total, a deep
// page of 200; then staff search by a name fragment (the queue's q, GET /api/admin/search) at
// BENCH_SEARCH_CONNECTIONS (default 50) beside /api/health. Runs on PostgreSQL when BENCH_DATABASE_URL is set (a fresh database, dropped after),
// else on embedded PGlite. Run alone: node bench/admin-orders.mjs (after a build).
import os from 'node:os';
import { duration, measure, startServer } from './lib.mjs';
import { freshDatabase, runCli } from './orders.mjs';

const ORDERS = Number(process.env.BENCH_QUEUE_ORDERS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_QUEUE_CONNECTIONS ?? 20);
/** The staff search rows (docs/orders.md, Staff search) are stated at 50 connections: p99 <= 100 ms. */
const SEARCH_CONNECTIONS = Number(process.env.BENCH_SEARCH_CONNECTIONS ?? 50);

/** @param {{ label: string, databaseUrl?: string }} options */
export async function benchQueue({ label, databaseUrl }) {
  const db = databaseUrl ? await freshDatabase(databaseUrl) : undefined;
  const server = await startServer({ DATABASE_URL: db?.url ?? '' });
  try {
    const env = { DATA_DIR: server.dataDir, DATABASE_URL: db?.url ?? '' };
    const seeded = Date.now();
    console.log(await runCli(['seed', '--orders', String(ORDERS), '--buyers', '2000'], env));
    const seedSeconds = (Date.now() - seeded) / 1000;
    await runCli(['user', 'create', '--account', 'bench_owner', '--password', 'Bench1234', '--role', 'owner'], env);
    const signin = await fetch(`${server.url}/api/authn/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'bench_owner', password: 'Bench1234' }),
    });
    const { token } = await signin.json();
    const headers = { authorization: `Bearer ${token}`, 'x-lang-type': 'en' };
    const get = async (q) => (await fetch(`${server.url}/api/admin/orders?${q}`, { headers })).json();
    const sample = await get('recPerPage=1&status=outbound');
    const tracking = sample.data[0]?.trackingNumber ?? 'JD0';
    const day = (offset) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
    const scenarios = [
      ['newest 50 (the default)', ''],
      ['tab: confirm, unpaid', 'status=confirm&paymentStatus=unpaid'],
      ['tab: outbound, 200 a page', 'status=outbound&recPerPage=200'],
      ['buyer e-mail search', 'q=seedbuyer_00042%40seed.cubeshop.local'],
      ['tracking number search', `q=${tracking}`],
      ['product id search', 'q=100001'],
      ['30 days, US, total desc', `from=${day(30)}&to=${day(0)}&country=US&sort=totalDesc`],
      ['amount 1,000-5,000 CNY, DHL', 'amountMin=1000&amountMax=5000&method=dhl'],
      ['page 100 of 200 a page', 'page=100&recPerPage=200'],
    ];
    const rows = [];
    // BENCH_QUEUE_ONLY: a pattern of scenario names to run (the others are skipped).
    const only = process.env.BENCH_QUEUE_ONLY ? new RegExp(process.env.BENCH_QUEUE_ONLY) : undefined;
    for (const [name, q] of scenarios) {
      if (only && !only.test(name)) continue;
      const found = await get(q);
      const row = await measure(name, `${server.url}/api/admin/orders?${q}`, { connections: CONNECTIONS, headers });
      rows.push({ ...row, found: found.pager?.recTotal ?? 'error' });
    }
    // Staff search by any part of a name (seeded receivers and buyers are names like "Tom Smith",
    // 王小明: "smi" is in about 3 % of the orders), at SEARCH_CONNECTIONS, beside the same run's
    // /api/health (one database round trip) to read them against how busy the machine was.
    const searchRows = [];
    const searches = [
      ['GET /api/health (ceiling)', '/api/health', () => ''],
      ['staff order search by a name fragment', '/api/admin/orders?q=smi', (b) => b.pager?.recTotal],
      ['staff order search by a Chinese name', `/api/admin/orders?q=${encodeURIComponent('小明')}`, (b) => b.pager?.recTotal],
      ['global admin search', '/api/admin/search?q=smi', (b) => b.sections?.map((x) => `${x.kind} ${x.hits.length}${x.more ? '+' : ''}`).join(', ')],
      // The sales dashboard over 90 days (target p99 <= 200 ms): GROUP BY over the range, reused for 5 s per range.
      [
        'dashboard, 90 days',
        `/api/admin/dashboard?from=${day(89)}&to=${day(0)}`,
        (b) => (b.totals ? `${b.totals.orders.CNY + b.totals.orders.USD} orders` : undefined),
      ],
    ];
    for (const [name, path, found] of searches) {
      if (only && !only.test(name)) continue;
      const body = await (await fetch(`${server.url}${path}`, { headers })).json();
      const row = await measure(name, `${server.url}${path}`, { connections: SEARCH_CONNECTIONS, headers });
      searchRows.push({ ...row, found: found(body) ?? 'error' });
    }
    return { label, seedSeconds, rows, searchRows };
  } finally {
    await server.stop();
    await db?.drop();
  }
}

export function printQueue(result) {
  console.log(
    `\nStaff order queue, ${result.label}: ${ORDERS} orders seeded in ${result.seedSeconds.toFixed(1)} s; ${CONNECTIONS} connections, ${duration} s each, ${os.cpus().length} cores`,
  );
  console.table(result.rows);
  if (result.searchRows?.length) {
    console.log(`Staff search, ${result.label}: ${SEARCH_CONNECTIONS} connections, ${duration} s each (target p99 <= 100 ms; the dashboard: <= 200 ms)`);
    console.table(result.searchRows);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printQueue(await benchQueue({ label: process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite', databaseUrl: process.env.BENCH_DATABASE_URL }));
}
