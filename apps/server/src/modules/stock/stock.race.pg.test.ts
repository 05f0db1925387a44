import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStockLevels } from '@cubeshop/shared';
import { createBuyer, createShopApp, orderPayload, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';

// Stock under real concurrency on PostgreSQL (several connections, docs/catalog.md, Stock):
// placements that reserve the same rows in opposite cart orders never deadlock (rows are
// reserved in (product, type) order), and staff adjustments during placements keep
// reserved == the pieces on order.
let t: ShopApp;
let owner: ShopCall;

beforeAll(async () => {
  t = await createShopApp();
  const user = await t.services.account.createUser({ account: `owner_${randomUUID().slice(0, 6)}`, name: 'Owner', role: 'owner' });
  owner = shopClient(t, await t.services.authn.issueUserToken(user.id));
});
afterAll(async () => {
  await t.close();
});

const put = async (itemId: number, onHand: number) => {
  const res = await owner<TStockLevels>('PUT', `/api/admin/items/${itemId}/stock`, { body: { lines: [{ typeCode: '', onHand }] } });
  expect(res.status).toBe(200);
  return res.body;
};

describe('stock reservations under real concurrency (PostgreSQL)', () => {
  it('40 orders of two products, added to the carts in opposite orders, finish without a deadlock', async () => {
    const { timer, big } = t.products;
    // timer: moq 2 multiple 2; big: any quantity.
    await put(timer, 200);
    await put(big, 200);
    const buyers = await Promise.all(Array.from({ length: 40 }, async () => shopClient(t, (await createBuyer(t, 'deadlock')).token)));
    for (const [i, c] of buyers.entries()) {
      const lines = [
        { itemId: timer, quantity: 2 },
        { itemId: big, quantity: 1 },
      ];
      for (const body of i % 2 ? lines.reverse() : lines) expect((await c('POST', '/api/cart/items', { body })).status).toBe(200);
    }
    const results = await Promise.all(buyers.map((c) => c('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': randomUUID() } })));
    expect(results.map((r) => r.status)).toEqual(Array(40).fill(201));
    const levels = async (id: number) => (await owner<TStockLevels>('GET', `/api/admin/items/${id}/stock`)).body.lines[0]!;
    expect(await levels(timer)).toEqual({ typeCode: '', onHand: 200, reserved: 80, available: 120 });
    expect(await levels(big)).toEqual({ typeCode: '', onHand: 200, reserved: 40, available: 160 });
  });

  it('staff counting stock while buyers place orders: reserved stays the pieces on order', async () => {
    const { sticker } = t.products;
    await put(sticker, 30);
    const buyers = await Promise.all(Array.from({ length: 20 }, async () => shopClient(t, (await createBuyer(t, 'count')).token)));
    for (const c of buyers) expect((await c('POST', '/api/cart/items', { body: { itemId: sticker, quantity: 2 } })).status).toBe(200);
    const [results] = await Promise.all([
      Promise.all(buyers.map((c) => c('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': randomUUID() } }))),
      (async () => {
        for (const n of [25, 40, 35]) await put(sticker, n);
      })(),
    ]);
    const placed = results.filter((r) => r.status === 201).length;
    expect(results.every((r) => r.status === 201 || r.status === 400)).toBe(true);
    const after = (await owner<TStockLevels>('GET', `/api/admin/items/${sticker}/stock`)).body.lines[0]!;
    expect(after.onHand).toBe(35);
    expect(after.reserved).toBe(placed * 2);
  });
});
