// Database faults against PostgreSQL: the app reaches its own test database
// through a TCP proxy the test controls, so "the server stopped" and "connections were killed"
// happen for real without touching the shared PostgreSQL. While the database is away every call
// that needs it answers 503 with Retry-After in the public error shape (docs/requirements.md, Errors); when it is back the same
// app serves again without a restart, and nothing done before is lost.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { createTestDatabase, type TestDatabase } from '../test/harness.js';
import { createBuyer, orderPayload, shopClient, stockShop, type ShopCall, type ShopProducts } from '../test/shop.js';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.js';

let testDb: TestDatabase;
let proxy: TcpProxy;
let database: Database;
let app: App;
let products: ShopProducts;
const logLines: string[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  const url = new URL(testDb.url!);
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.host = `127.0.0.1:${proxy.port}`;
  database = await openDatabase({ url: url.toString(), poolSize: 4 });
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/cubeshop-test', LOG_LEVEL: 'warn', SEED_DEMO: 'false', WEB_DIST: '/nonexistent' });
  app = await buildApp({ config, database, logger: { level: 'warn', stream: { write: (line: string) => void logLines.push(line) } } });
  await app.app.ready();
  products = await stockShop(app);
});
afterAll(async () => {
  await app?.app.close();
  await database?.close().catch(() => undefined);
  await proxy?.close();
  await testDb?.drop();
});

/** Terminates every backend of the test database (what a DBA, a failover or an OOM kill does). */
async function terminateBackends() {
  const admin = new pg.Client({ connectionString: testDb.url });
  await admin.connect();
  const { rows } = await admin.query<{ n: string }>(
    'select count(pg_terminate_backend(pid)) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  await admin.end();
  return Number(rows[0]?.n ?? 0);
}

async function until(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('condition not met in time');
}

async function filledCart(): Promise<{ c: ShopCall; before: string }> {
  const buyer = await createBuyer(app);
  const c = shopClient(app, buyer.token);
  expect((await c('POST', '/api/cart/items', { body: { itemId: products.cube, type: 'black', quantity: 2 } })).status).toBe(200);
  return { c, before: JSON.stringify((await c('GET', '/api/cart/items')).body.data) };
}

describe('database faults (postgres, through a proxy)', () => {
  it('connections terminated under the app: never 500; the pool replaces them and calls succeed again', async () => {
    const { c } = await filledCart();
    expect(await terminateBackends()).toBeGreaterThan(0);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await c('GET', '/api/cart/items')).status);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    await until(async () => (await c('GET', '/api/cart/info')).status === 200);
    expect((await c('GET', '/api/cart/items')).body.data).toHaveLength(1);
  });

  it('database stopped: 503 with Retry-After in the request language; started again: served without a restart, nothing lost', async () => {
    const { c, before } = await filledCart();
    const placed = await c('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': `before-${Date.now()}` } });
    expect(placed.status).toBe(201);
    expect((await c('POST', '/api/cart/items', { body: { itemId: products.sticker, quantity: 5 } })).status).toBe(200);
    const cartBefore = JSON.stringify((await c('GET', '/api/cart/items')).body.data);
    expect(cartBefore).not.toBe(before);

    await proxy.stop();
    for (const [method, url, body] of [
      ['GET', '/api/cart/items', undefined],
      ['GET', '/api/cart/info', undefined],
      ['GET', '/api/orders', undefined],
      ['GET', `/api/orders/${placed.body.id as string}`, undefined],
      ['POST', '/api/cart/items', { itemId: products.timer, quantity: 2 }],
      ['GET', '/api/user', undefined],
      ['GET', '/api/address', undefined],
      ['GET', '/api/favorites', undefined],
    ] as const) {
      const res = await c(method, url, body === undefined ? {} : { body });
      expect(res.status, `${method} ${url}`).toBe(503);
      expect(res.headers['retry-after'], `${method} ${url}`).toBe('5');
      expect(res.body).toEqual({ code: 'UNAVAILABLE', desc: 'Service unavailable, please try again later', details: { retryAfter: 5 } });
    }
    const zh = await c('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': `during-${Date.now()}` }, lang: 'zh' });
    expect(zh.status).toBe(503);
    expect(zh.body.desc).toBe('服务暂不可用，请稍后重试');
    expect((await app.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);

    await proxy.start();
    await until(async () => (await app.app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200);
    await until(async () => (await c('GET', '/api/cart/items')).status === 200);
    // Nothing lost and nothing half-done: the cart is as it was, the refused add did not happen, the order is there.
    expect(JSON.stringify((await c('GET', '/api/cart/items')).body.data)).toBe(cartBefore);
    const orders = await c('GET', '/api/orders');
    expect(orders.body.data.map((o: { id: string }) => o.id)).toEqual([placed.body.id]);
    // And the shop works on: the order refused during the outage can be placed now.
    expect((await c('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': `after-${Date.now()}` } })).status).toBe(201);
  });

  it('logs the outage without query parameters, stack traces in bodies or 500s', async () => {
    const text = logLines.join('');
    expect(text).toContain('database unavailable');
    expect(text).not.toMatch(/"level":50.*request failed"/);
    expect(text).not.toMatch(/params: (?!\[not logged\])/);
  });
});
