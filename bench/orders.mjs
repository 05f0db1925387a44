// Order scenarios for `npm run bench` (bench/run.mjs calls benchOrders once per database):
// BENCH_BUYERS (default 20) buyers check out at the same time for BENCH_SECONDS: each loop puts
// 1-3 products in the cart, asks for the shipping quote and places the order with a fresh
// Idempotency-Key (every 5th order is sent twice with the same key, as a double click). Then it
// checks the counts: every 201 is a distinct order, every replay answered the same id, each
// buyer's order list holds exactly the orders it was told about (none doubled, none lost) and
// every cart is empty. Prints a table; "health req/s" is GET /api/health from the same clients just
// before, the ceiling of the machine at that moment. With PostgreSQL a fresh database is made and dropped.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUYERS = Number(process.env.BENCH_BUYERS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const HEADERS = { 'content-type': 'application/json', 'x-lang-type': 'en', 'x-price-type': 'CNY' };

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
const round = (n) => Math.round(n * 10) / 10;

export function runCli(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'apps/server/bin/cubeshop.mjs'), ...args], {
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`cubeshop ${args.join(' ')} exited with ${code}`))));
  });
}

/** A fresh database next to BENCH_DATABASE_URL's, dropped by the returned function. */
export async function freshDatabase(baseUrl) {
  const name = `cubeshop_bench_orders_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function api(base, method, pathAndQuery, { token, body, headers = {} } = {}) {
  const started = performance.now();
  const res = await fetch(`${base}${pathAndQuery}`, {
    method,
    headers: { ...HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, ms: performance.now() - started };
}

/** Buyers made with the real CLI (`user create`), signed in with their passwords. */
async function makeBuyers(base, env) {
  const accounts = Array.from({ length: BUYERS }, (_, i) => ({ account: `bench_${i}_${randomBytes(3).toString('hex')}`, password: 'Bench1234' }));
  for (let i = 0; i < accounts.length; i += 4) {
    await Promise.all(accounts.slice(i, i + 4).map((a) => runCli(['user', 'create', '--account', a.account, '--password', a.password], env)));
  }
  const buyers = [];
  for (const a of accounts) {
    const res = await api(base, 'POST', '/api/authn/signin', { body: a, headers: { 'x-forwarded-for': `10.9.${buyers.length}.1` } });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
    buyers.push({ ...a, token: res.body.token, created: new Set(), replays: 0, errors: 0 });
  }
  return buyers;
}

/** Distinct failure answers, shown under the table. */
const failures = new Map();
function failed(b, what, res) {
  b.errors++;
  const key = `${what}: ${res.status} ${res.body?.desc ?? JSON.stringify(res.body)}`.replace(/\d+(\.\d+)?/g, 'N');
  failures.set(key, (failures.get(key) ?? 0) + 1);
}

/**
 * Products to buy: the first pages of the demo catalog that are in stock (the cart refuses a style
 * with nothing left), a style in stock, with a quantity that meets moq and multiple.
 */
async function products(base) {
  const out = [];
  const inStock = (state) => (state ?? 'in_stock') === 'in_stock';
  for (const page of [1, 2, 3]) {
    const res = await api(base, 'GET', `/api/items?recPerPage=120&page=${page}`);
    for (const p of res.body.data) {
      if (!inStock(p.stockStatus)) continue;
      const type = p.types.length ? p.types.find((t) => inStock(t.stockStatus))?.code : undefined;
      if (p.types.length && !type) continue;
      const q = p.orderMultiple ? Math.ceil(p.moq / p.orderMultiple) * p.orderMultiple : p.moq;
      if (q <= 24) out.push({ itemId: p.id, type, quantity: q });
    }
  }
  return out;
}

const ADDRESS = {
  deliveryRegionId: 'US',
  deliveryCity: 'Seattle',
  deliveryPostalCode: '98101',
  deliveryUser: 'Bench Buyer',
  deliveryPhone: '+1 206 555 0100',
  deliveryAddress: '1 Pike Street',
};

/**
 * @param {{ label: string, databaseUrl?: string, startServer: Function }} options
 */
export async function benchOrders({ label, databaseUrl, startServer }) {
  const db = databaseUrl ? await freshDatabase(databaseUrl) : undefined;
  const server = await startServer({ DATABASE_URL: db?.url ?? '' });
  try {
    const env = { DATA_DIR: server.dataDir, DATABASE_URL: db?.url ?? '' };
    const buyers = await makeBuyers(server.url, env);
    const catalog = await products(server.url);
    // carriers that take up to 300 kg: a cart of 3 wholesale lines can outweigh EMS's 30 kg
    const methods = ['dhl', 'fedex', 'ups'];
    const pays = ['tt', 'paypal', 'alipay', 'westernunion'];
    // The machine's ceiling right now: the same 20 clients asking GET /api/health (one database
    // round trip each) for 3 s, so a row can be read against how busy the machine was.
    let healthCount = 0;
    const healthUntil = Date.now() + 3_000;
    const healthStarted = performance.now();
    await Promise.all(
      buyers.map(async () => {
        while (Date.now() < healthUntil) if ((await api(server.url, 'GET', '/api/health')).status === 200) healthCount++;
      }),
    );
    const healthPerSecond = healthCount / ((performance.now() - healthStarted) / 1000);
    const checkoutMs = [];
    const orderMs = [];
    let orders = 0;
    const until = Date.now() + SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      buyers.map(async (b) => {
        let n = 0;
        while (Date.now() < until) {
          const t0 = performance.now();
          const lines = 1 + Math.floor(Math.random() * 3);
          for (let i = 0; i < lines; i++) {
            const res = await api(server.url, 'POST', '/api/cart/items', { token: b.token, body: pick(catalog) });
            if (res.status !== 200) failed(b, 'POST /api/cart/items', res);
          }
          const express = pick(methods);
          const quote = await api(server.url, 'GET', `/api/cart/info/express-fee?deliveryRegionId=US&expressMethod=${express}&payMethod=tt`, {
            token: b.token,
          });
          if (quote.status !== 200) failed(b, 'express-fee', quote);
          const key = randomUUID();
          const body = { ...ADDRESS, expressMethod: express, payMethod: pick(pays) };
          const res = await api(server.url, 'POST', '/api/orders', { token: b.token, body, headers: { 'idempotency-key': key } });
          orderMs.push(res.ms);
          if (res.status !== 201) {
            failed(b, 'POST /api/orders', res);
            continue;
          }
          if (b.created.has(res.body.id)) throw new Error(`order ${res.body.id} answered twice as new`);
          b.created.add(res.body.id);
          orders++;
          checkoutMs.push(performance.now() - t0);
          if (++n % 5 === 0) {
            const again = await api(server.url, 'POST', '/api/orders', { token: b.token, body, headers: { 'idempotency-key': key } });
            if (again.status !== 200 || again.body.id !== res.body.id)
              throw new Error(`replay of ${key} answered ${again.status} ${JSON.stringify(again.body)}`);
            b.replays++;
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    // count check: each buyer's list equals what it was told, and the carts are empty
    let listed = 0;
    let mismatches = 0;
    for (const b of buyers) {
      const ids = new Set();
      for (let page = 1; ; page++) {
        const res = await api(server.url, 'GET', `/api/orders?recPerPage=120&page=${page}`, { token: b.token });
        for (const o of res.body.data) ids.add(o.id);
        if (page * 120 >= res.body.pager.recTotal) break;
      }
      listed += ids.size;
      if (ids.size !== b.created.size || [...b.created].some((id) => !ids.has(id))) mismatches++;
      const cart = await api(server.url, 'GET', '/api/cart/items', { token: b.token });
      if (cart.body.data.length !== 0) mismatches++;
    }
    let stored;
    if (db) {
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      stored = Number((await c.query('select count(*) as n from orders')).rows[0].n);
      const lines = Number((await c.query('select count(*) as n from order_items')).rows[0].n);
      const events = Number((await c.query("select count(*) as n from order_events where type = 'created'")).rows[0].n);
      await c.end();
      if (events !== stored || lines < stored) mismatches++;
    }
    const sortedCheckout = checkoutMs.sort((a, b) => a - b);
    const sortedOrder = orderMs.sort((a, b) => a - b);
    const replays = buyers.reduce((s, b) => s + b.replays, 0);
    const errors = buyers.reduce((s, b) => s + b.errors, 0);
    const countOk = mismatches === 0 && listed === orders && (stored === undefined || stored === orders);
    return {
      label,
      row: {
        database: label,
        buyers: BUYERS,
        seconds: round(seconds),
        orders,
        'orders/s': round(orders / seconds),
        'health req/s': Math.round(healthPerSecond),
        'checkout p50 ms': round(percentile(sortedCheckout, 50)),
        'POST /api/orders p50 ms': round(percentile(sortedOrder, 50)),
        'p99 ms': round(percentile(sortedOrder, 99)),
        replays,
        errors,
        'count check': countOk
          ? `ok (${orders} placed = ${listed} listed${stored === undefined ? '' : ` = ${stored} stored`})`
          : `MISMATCH (${orders} placed, ${listed} listed, ${stored ?? '-'} stored)`,
      },
      ok: countOk && errors === 0,
    };
  } finally {
    await server.stop();
    await db?.drop();
  }
}

export function printOrders(results) {
  console.log(
    `\nOrders: ${BUYERS} buyers checking out at once for ${SECONDS} s (each order: 1-3 cart adds, a shipping quote, POST /api/orders; every 5th sent twice with its key)`,
  );
  console.table(results.map((r) => r.row));
  for (const [what, n] of failures) console.log(`  ${n} × ${what}`);
}

// Standalone: `node bench/orders.mjs`. No top-level await here: run.mjs imports this module, and
// waiting at the top level while importing run.mjs would deadlock the import cycle.
async function main() {
  const { startServer } = await import('./lib.mjs');
  const results = [];
  if (process.env.BENCH_DATABASE_URL) results.push(await benchOrders({ label: 'PostgreSQL', databaseUrl: process.env.BENCH_DATABASE_URL, startServer }));
  if (process.env.BENCH_ORDERS_PGLITE !== '0') results.push(await benchOrders({ label: 'embedded PGlite', startServer }));
  printOrders(results);
  if (results.some((r) => !r.ok)) process.exitCode = 1;
}
if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
