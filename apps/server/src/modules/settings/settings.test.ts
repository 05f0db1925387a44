import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProductDetail } from '@cubeshop/shared';
import { createClusterEvents } from '../../lib/cluster-events.js';
import { TEST_DB_KIND } from '../../test/harness.js';
import { createShopApp, type ShopApp } from '../../test/shop.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createSettingsRepository } from './settings.repository.js';
import { createSettingsService, FALLBACK_CNY_PER_USD } from './settings.service.js';

let fresh: TestApp;
let shop: ShopApp;

beforeAll(async () => {
  [fresh, shop] = await Promise.all([createTestApp(), createShopApp()]);
});
afterAll(async () => {
  await fresh?.close();
  await shop?.close();
});

describe(`settings (${TEST_DB_KIND})`, () => {
  it('reads the defaults when nothing is stored, then what was stored', async () => {
    const { settings } = fresh.services;
    expect(await settings.get('exchangeRate')).toBeUndefined();
    expect(await settings.cnyPerUsd()).toBe(FALLBACK_CNY_PER_USD);
    expect(await settings.freeShippingThresholdUsdCents()).toBeNull();

    expect(await settings.setIfMissing('exchangeRate', { cnyPerUsd: 7.25 })).toBe(true);
    expect(await settings.setIfMissing('exchangeRate', { cnyPerUsd: 9 })).toBe(false);
    expect(await settings.cnyPerUsd()).toBe(7.25);
    await settings.set('freeShipping', { thresholdUsdCents: 5_000 });
    expect(await settings.freeShippingThresholdUsdCents()).toBe(5_000);
  });

  it('refuses to store a value of the wrong shape, and reads a stored one as missing', async () => {
    const { settings, database } = fresh.services;
    await expect(settings.set('exchangeRate', { cnyPerUsd: -1 })).rejects.toThrow();
    expect(await settings.cnyPerUsd()).toBe(7.25);
    // written behind the service's back (an old release, a hand-edited row)
    await createSettingsRepository(database.db).put('exchangeRate', { cnyPerUsd: 'seven' });
    settings.invalidate();
    expect(await settings.cnyPerUsd()).toBe(FALLBACK_CNY_PER_USD);
    await settings.set('exchangeRate', { cnyPerUsd: 7.25 });
  });

  it('keeps the settings in memory until a write drops them, on every instance that hears the event', async () => {
    const repo = createSettingsRepository(fresh.services.database.db);
    const events = createClusterEvents({ prefix: 'test', instanceId: 'a', onError: (err) => expect.fail(String(err)) });
    const a = createSettingsService(repo, { events });
    const b = createSettingsService(repo, { events });
    const heard: string[][] = [];
    b.onChange((keys) => heard.push(keys));
    expect(await b.cnyPerUsd()).toBe(7.25);
    // a write that bypasses the services is not seen until the copy expires or is dropped
    await repo.put('exchangeRate', { cnyPerUsd: 7.3 });
    expect(await b.cnyPerUsd()).toBe(7.25);
    await a.set('exchangeRate', { cnyPerUsd: 7.4 });
    expect(await b.cnyPerUsd()).toBe(7.4);
    expect(heard).toEqual([['exchangeRate']]);
    // and expires on its own after its lifetime (the safety net when an event is lost: this
    // instance's events reach nobody else and it hears nothing from a)
    let now = 1_000;
    const deaf = createClusterEvents({ prefix: 'test', instanceId: 'c', onError: (err) => expect.fail(String(err)) });
    const c = createSettingsService(repo, { ttlMs: 60_000, now: () => now, events: deaf });
    expect(await c.cnyPerUsd()).toBe(7.4);
    await repo.put('exchangeRate', { cnyPerUsd: 7.5 });
    now += 60_001;
    expect(await c.cnyPerUsd()).toBe(7.5);
    await a.set('exchangeRate', { cnyPerUsd: 7.25 });
  });

  it('shows a new exchange rate in catalog prices at once (the catalog drops its pages)', async () => {
    const url = `/api/items/${shop.products.cube}`;
    const usd = async () => (await shop.app.inject({ method: 'GET', url, headers: { 'x-price-type': 'USD' } })).json<TProductDetail>().price;
    expect(await usd()).toBe(18.17); // ¥129.00 at 7.1
    await shop.services.settings.set('exchangeRate', { cnyPerUsd: 6.45 });
    expect(await usd()).toBe(20); // at 6.45
    expect(await shop.services.catalog.query.exchangeRate()).toBe(6.45);
    await shop.services.settings.set('exchangeRate', { cnyPerUsd: 7.1 });
    expect(await usd()).toBe(18.17);
  });

  it('keeps the free-shipping threshold for shipping', async () => {
    const { shipping, settings } = shop.services;
    const before = await shipping.thresholdUsdCents();
    expect(before).toBe((await settings.get('freeShipping'))?.thresholdUsdCents);
    await shipping.setFreeShippingThreshold(12_345);
    expect(await settings.freeShippingThresholdUsdCents()).toBe(12_345);
    expect(await shipping.thresholdUsdCents()).toBe(12_345);
    await shipping.setFreeShippingThreshold(before);
  });
});
