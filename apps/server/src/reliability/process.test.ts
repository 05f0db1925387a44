// The real server process (src/server.ts): what one buyer sends cannot stop it, and SIGKILL in
// the middle of checkout leaves every buyer with either the order or the unchanged cart.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../test/harness.js';
import { runCli, startServerProcess, tempDataDir, type ServerProcess } from '../test/process.js';
import { ADDRESS, createBuyer, shopClient, stockShop } from '../test/shop.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Where a server process keeps its data: a fresh PGlite folder, or a fresh PostgreSQL database. */
async function target(): Promise<{ env: Record<string, string>; dataDir: string }> {
  const dataDir = tempDataDir();
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (TEST_DB_KIND === 'pglite') return { env: {}, dataDir };
  const db: TestDatabase = await createTestDatabase();
  await db.database.close();
  cleanups.push(async () => {
    const { default: pg } = await import('pg');
    const base = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await base.connect();
    await base.query(`drop database if exists "${new URL(db.url!).pathname.slice(1)}" with (force)`);
    await base.end();
  });
  return { env: { DATABASE_URL: db.url! }, dataDir };
}

async function started(where: { env: Record<string, string>; dataDir: string }): Promise<ServerProcess> {
  const server = await startServerProcess({ env: where.env, dataDir: where.dataDir });
  cleanups.push(() => server.kill());
  return server;
}

async function json(res: Response) {
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

// Real server processes start (and seed) twice per test: slow on a busy 2-core machine, hence the longer limit.
describe(`the server process (${TEST_DB_KIND})`, { timeout: 120_000 }, () => {
  it("survives a signed-in buyer's hostile frames and requests, and keeps serving others", async () => {
    const where = await target();
    const server = await started(where);
    runCli(['user', 'create', '--account', 'mallory01', '--password', 'Secret12'], { ...where.env, DATA_DIR: where.dataDir });
    const signin = await json(
      await fetch(`${server.url}/api/authn/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'mallory01', password: 'Secret12' }),
      }),
    );
    expect(signin.status).toBe(200);
    const token = signin.body.token as string;

    const ws = new WebSocket(`${server.wsUrl}?token=${token}&language=en`);
    const frames: { type?: string; code?: string }[] = [];
    ws.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString()) as { type?: string }));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const hostile = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];
    for (const type of hostile) ws.send(JSON.stringify({ type }));
    ws.send('{"type":"ping"}');
    const deadline = Date.now() + 10_000;
    while (!frames.some((f) => f.type === 'pong') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(frames.filter((f) => f.type === 'error' && f.code === 'bad_frame')).toHaveLength(hostile.length);
    expect(frames.some((f) => f.type === 'pong')).toBe(true);
    ws.close();

    // NUL in a query string and in a JSON body: 400 in the request language, not 500.
    const keyword = await json(await fetch(`${server.url}/api/items?keyword=x%00y`, { headers: { 'x-lang-type': 'zh' } }));
    expect(keyword.status).toBe(400);
    expect(keyword.body).toMatchObject({ code: 'BAD_REQUEST', desc: expect.stringContaining('控制字符') });
    const name = await json(
      await fetch(`${server.url}/api/authn/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-lang-type': 'en' },
        body: JSON.stringify({ account: 'a\u0000b', password: 'Secret12' }),
      }),
    );
    expect(name).toMatchObject({ status: 400, body: { desc: expect.stringContaining('body.account contains characters that are not allowed') } });

    expect(server.alive()).toBe(true);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(server.output()).not.toMatch(/params:|uncaught|unhandled/i);
    expect(await server.stop()).toBe(0);
  });

  it('SIGKILL during order placement leaves each buyer either the order or the unchanged cart; the key then settles it once', async () => {
    const where = await target();
    // Stock the shop and fill 12 carts in-process, then hand the database to a server process.
    const database =
      TEST_DB_KIND === 'pglite' ? await openDatabase({ pgliteDir: path.join(where.dataDir, 'pglite') }) : await openDatabase({ url: where.env.DATABASE_URL });
    await database.migrate();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: where.dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', WEB_DIST: '/nonexistent' });
    const setup = await buildApp({ config, database, logger: false });
    const products = await stockShop(setup);
    const buyers: { token: string; key: string; cartBefore: string }[] = [];
    for (let i = 0; i < 12; i++) {
      const buyer = await createBuyer(setup, `crash${i}`);
      const c = shopClient(setup, buyer.token);
      expect((await c('POST', '/api/cart/items', { body: { itemId: products.cube, type: 'black', quantity: 1 + i } })).status).toBe(200);
      expect((await c('POST', '/api/cart/items', { body: { itemId: products.sticker, quantity: 3 } })).status).toBe(200);
      buyers.push({ token: buyer.token, key: randomUUID(), cartBefore: JSON.stringify((await c('GET', '/api/cart/items')).body.data) });
    }
    await setup.app.close();
    await database.close();

    const order = (url: string, buyer: (typeof buyers)[number]) =>
      fetch(`${url}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}`, 'idempotency-key': buyer.key, 'x-lang-type': 'en' },
        body: JSON.stringify({ expressMethod: 'dhl', payMethod: 'tt', ...ADDRESS }),
      });
    const get = (url: string, token: string, p: string) =>
      fetch(`${url}${p}`, { headers: { authorization: `Bearer ${token}`, 'x-lang-type': 'en' } }).then((r) => r.json() as Promise<{ data: unknown[] }>);

    // All 12 at once; the process dies as soon as the first order is placed.
    const first = await started(where);
    const attempts = buyers.map((buyer) =>
      order(first.url, buyer).then(
        (r) => r.status,
        () => 0,
      ),
    );
    // The first order answered 201, not merely the first answer: on a busy machine that can be a
    // refusal (503 under pressure) that comes before any order is placed.
    await new Promise<void>((resolve) => {
      for (const attempt of attempts) void attempt.then((status) => status === 201 && resolve());
      void Promise.all(attempts).then(() => resolve());
    });
    await first.kill();
    const statuses = await Promise.all(attempts);

    const second = await started(where);
    let placed = 0;
    for (const [i, buyer] of buyers.entries()) {
      const orders = (await get(second.url, buyer.token, '/api/orders')).data as { id: string }[];
      const cart = (await get(second.url, buyer.token, '/api/cart/items')).data;
      if (orders.length) {
        placed++;
        expect(orders, `buyer ${i}`).toHaveLength(1);
        expect(cart, `buyer ${i}: ordered lines left the cart`).toEqual([]);
        // The same key answers the same order, never a second one.
        const replay = await order(second.url, buyer);
        expect(replay.status).toBe(200);
        expect(((await replay.json()) as { id: string }).id).toBe(orders[0]!.id);
      } else {
        expect(statuses[i], `buyer ${i} got a success but has no order`).not.toBe(201);
        expect(JSON.stringify(cart), `buyer ${i}: cart unchanged`).toBe(buyer.cartBefore);
        // Retrying with the same key now places exactly one order.
        expect((await order(second.url, buyer)).status).toBe(201);
      }
      expect((await get(second.url, buyer.token, '/api/orders')).data).toHaveLength(1);
    }
    expect(placed).toBeGreaterThanOrEqual(1);
    expect(await second.stop()).toBe(0);
  });
});
