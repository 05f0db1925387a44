import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProductDetail } from '@cubeshop/shared';
import { buildApp, type App } from '../../app.js';
import { TEST_DB_KIND } from '../../test/harness.js';
import { createShopApp, type ShopApp } from '../../test/shop.js';

// Two app instances on one database and one Redis: a setting written on one is seen by the other
// at once (its cached copy and the catalog pages priced with the old rate are dropped). Collected
// only when TEST_REDIS_URL is set; every run uses its own key prefix.
const base = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `cubeshop-test-${randomBytes(6).toString('hex')}`;

let a: ShopApp;
let b: App;

beforeAll(async () => {
  a = await createShopApp({ REDIS_URL: base, REDIS_PREFIX: prefix });
  b = await buildApp({ config: a.config, database: a.services.database, logger: false });
  await b.app.ready();
});
afterAll(async () => {
  await b?.app.close();
  await a?.close();
  const cleaner = new Redis(base);
  const keys = await cleaner.keys(`${prefix}*`);
  if (keys.length) await cleaner.del(...keys);
  cleaner.disconnect();
});

async function until(check: () => Promise<boolean>, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe(`settings across instances through Redis (${TEST_DB_KIND})`, () => {
  it('drops the other instance’s cached rate and priced pages when the rate changes', async () => {
    const usdOn = async (t: App) =>
      (await t.app.inject({ method: 'GET', url: `/api/items/${a.products.cube}`, headers: { 'x-price-type': 'USD' } })).json<TProductDetail>().price;
    expect(await usdOn(b)).toBe(18.17); // cached on b at 7.1
    await a.services.settings.set('exchangeRate', { cnyPerUsd: 6.45 });
    expect(await usdOn(a)).toBe(20);
    await until(async () => (await usdOn(b)) === 20);
    await b.services.settings.set('exchangeRate', { cnyPerUsd: 7.1 });
    await until(async () => (await usdOn(a)) === 18.17);
  });
});
