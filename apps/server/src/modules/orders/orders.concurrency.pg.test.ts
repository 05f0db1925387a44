import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CART_LINES, type TCartItem, type TCartItemList, type TOrderDetail, type TOrderList } from '@cubeshop/shared';
import { createBuyer, createShopApp, orderPayload, shopClient, type ShopApp, type ShopCall } from '../../test/shop.js';

// Real concurrency on PostgreSQL (several connections): the per-buyer cart lock serialises a
// buyer's cart writes and order placements; different buyers do not wait for each other.
let t: ShopApp;
let p: ShopApp['products'];

beforeAll(async () => {
  t = await createShopApp();
  p = t.products;
});
afterAll(async () => {
  await t.close();
});

const buyer = async () => shopClient(t, (await createBuyer(t, 'race')).token);
const place = (c: ShopCall, key: string = randomUUID()) => c('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': key } });
async function fill(c: ShopCall, lines: { itemId: number; type?: string; quantity: number }[]) {
  for (const body of lines) expect((await c('POST', '/api/cart/items', { body })).status).toBe(200);
}

describe('orders under real concurrency (PostgreSQL)', () => {
  it('two simultaneous requests with the same Idempotency-Key make one order', async () => {
    for (let round = 0; round < 5; round++) {
      const c = await buyer();
      await fill(c, [{ itemId: p.cube, type: 'black', quantity: 1 }]);
      const key = randomUUID();
      const results = await Promise.all([place(c, key), place(c, key)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 201]);
      expect(results[0].body.id).toBe(results[1].body.id);
      expect((await c<TOrderList>('GET', '/api/orders')).body.pager.recTotal).toBe(1);
    }
  });

  it('ten simultaneous orders from one cart make one order and nine clear refusals', async () => {
    const c = await buyer();
    await fill(c, [
      { itemId: p.cube, type: 'black', quantity: 2 },
      { itemId: p.wholesale, quantity: 24 },
      { itemId: p.sticker, quantity: 3 },
    ]);
    const results = await Promise.all(Array.from({ length: 10 }, () => place(c)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual(Array(9).fill(400));
    for (const r of refused) expect(r.body.desc).toBe('Your cart is empty; add products first');
    const list = (await c<TOrderList>('GET', '/api/orders')).body;
    expect(list.pager.recTotal).toBe(1);
    expect(list.data[0]!.quantity).toBe(29);
  });

  it('ten simultaneous requests with one key and ten with another: two orders in all', async () => {
    const c = await buyer();
    await fill(c, [{ itemId: p.sticker, quantity: 1 }]);
    const [k1, k2] = [randomUUID(), randomUUID()];
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => place(c, i % 2 ? k1 : k2)));
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    const winner = created[0]!.body.id;
    // the winning key's other requests answer its id; the other key finds an empty cart
    expect(results.filter((r) => r.status === 200).every((r) => r.body.id === winner)).toBe(true);
    expect(results.filter((r) => r.status === 200)).toHaveLength(9);
    expect(results.filter((r) => r.status === 400)).toHaveLength(10);
    expect((await c<TOrderList>('GET', '/api/orders')).body.pager.recTotal).toBe(1);
  });

  it('a line added while an order is placed is either in the order or still in the cart, never lost', async () => {
    for (let round = 0; round < 5; round++) {
      const c = await buyer();
      await fill(c, [{ itemId: p.cube, type: 'black', quantity: 2 }]);
      const [placed, added] = await Promise.all([place(c), c('POST', '/api/cart/items', { body: { itemId: p.sticker, quantity: 5 } })]);
      expect(placed.status).toBe(201);
      expect(added.status).toBe(200);
      const order = (await c<TOrderDetail>('GET', `/api/orders/${placed.body.id}`)).body;
      const cart = (await c<TCartItemList>('GET', '/api/cart/items')).body.data;
      const stickersOrdered = order.items.find((l) => l.itemId === p.sticker)?.quantity ?? 0;
      const stickersInCart = cart.find((l) => l.itemId === p.sticker)?.quantity ?? 0;
      expect(stickersOrdered + stickersInCart).toBe(5);
      expect(order.items.find((l) => l.itemId === p.cube)?.quantity).toBe(2);
    }
  });

  it('concurrent adds: quantities add up on one line, and the line limit holds', async () => {
    const c = await buyer();
    const results = await Promise.all(Array.from({ length: 10 }, () => c<TCartItem>('POST', '/api/cart/items', { body: { itemId: p.sticker, quantity: 2 } })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const lines = (await c<TCartItemList>('GET', '/api/cart/items')).body.data;
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(20);

    const ids = await t.services.catalog.writes.slugIds();
    const fillers = await t.services.catalog.writes.addItems(
      Array.from({ length: MAX_CART_LINES + 5 }, (_, i) => ({
        supplierId: ids.suppliers.get('orbit')!,
        categoryId: ids.categories.get('cubes')!,
        nameZh: `并发 ${i}`,
        nameEn: `Race ${i}`,
        priceFen: 100,
      })),
    );
    const full = await buyer();
    for (const itemId of fillers.slice(0, MAX_CART_LINES - 1)) await full('POST', '/api/cart/items', { body: { itemId, quantity: 1 } });
    const last = await Promise.all(fillers.slice(MAX_CART_LINES - 1).map((itemId) => full('POST', '/api/cart/items', { body: { itemId, quantity: 1 } })));
    expect(last.filter((r) => r.status === 200)).toHaveLength(1);
    expect(last.filter((r) => r.status === 400)).toHaveLength(5);
    expect((await full<TCartItemList>('GET', '/api/cart/items')).body.data).toHaveLength(MAX_CART_LINES);
  });

  it('twenty buyers ordering at once all succeed', async () => {
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyer()));
    await Promise.all(buyers.map((c) => fill(c, [{ itemId: p.cube, type: 'stickerless', quantity: 1 }])));
    const results = await Promise.all(buyers.map((c) => place(c)));
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(20);
  });
});
