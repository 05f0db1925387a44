import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCartItem, TCartItemList, TProductDetail, TProductList, TReorderResult, TStockLevels } from '@cubeshop/shared';
import { createBuyer, createShopApp, orderPayload, shopClient, type Json, type ShopApp, type ShopCall } from '../../test/shop.js';

// Stock per style wherever a buyer chooses one (docs/catalog.md, Stock): cards and the detail
// carry each style's state (the detail its pieces too), the cart refuses a style with nothing
// (or too little) available unless the product takes pre-orders or is not tracked, and an order
// refused for stock names each short line with what is left.
let t: ShopApp;
let warehouse: ShopCall;
let anonymous: ShopCall;
const buyer = async () => shopClient(t, (await createBuyer(t, 'styles')).token);

const COLOURS = [
  { code: 'red', zh: '红色', en: 'Red' },
  { code: 'blue', zh: '蓝色', en: 'Blue' },
  { code: 'green', zh: '绿色', en: 'Green' },
];

async function product(
  name: string,
  extra: { types?: typeof COLOURS; preorder?: boolean; moq?: number; orderMultiple?: number; lowStockAt?: number } = {},
): Promise<number> {
  const ids = await t.services.catalog.writes.slugIds();
  const [id] = await t.services.catalog.writes.addItems([
    {
      supplierId: [...ids.suppliers.values()][0]!,
      categoryId: [...ids.categories.values()][0]!,
      nameZh: `${name}（中）`,
      nameEn: name,
      priceFen: 1_000,
      nwG: 50,
      gwG: 60,
      volumeCm3: 100,
      ...extra,
    },
  ]);
  return id!;
}
const setStock = async (itemId: number, lines: { typeCode: string; onHand: number }[]) => {
  const res = await warehouse<TStockLevels>('PUT', `/api/admin/items/${itemId}/stock`, { body: { lines } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const add = (c: ShopCall, body: { itemId: number; type?: string; quantity: number }, lang: 'en' | 'zh' = 'en') =>
  c<Json>('POST', '/api/cart/items', { body, lang });

beforeAll(async () => {
  t = await createShopApp();
  const user = await t.services.account.createUser({ account: `warehouse_${randomBytes(3).toString('hex')}`, name: 'warehouse person', role: 'warehouse' });
  warehouse = shopClient(t, await t.services.authn.issueUserToken(user.id));
  anonymous = shopClient(t, undefined);
});
afterAll(async () => {
  await t.close();
});

describe('each style’s stock on cards and the product page', () => {
  it('cards carry each style’s state; the detail also its pieces and the product’s, and follows a change at once', async () => {
    const id = await product('Style Cube', { types: COLOURS, lowStockAt: 5 });
    await setStock(id, [
      { typeCode: 'red', onHand: 40 },
      { typeCode: 'blue', onHand: 0 },
      { typeCode: 'green', onHand: 3 },
    ]);
    const card = (await anonymous<TProductList>('GET', '/api/items', { query: { keyword: 'Style Cube', recPerPage: 10 } })).body.data.find((p) => p.id === id)!;
    // The product as a whole is in stock (43 pieces); its styles are not all.
    expect(card.stockStatus).toBe('in_stock');
    expect(card.types).toEqual([
      { code: 'red', name: 'Red', stockStatus: 'in_stock' },
      { code: 'blue', name: 'Blue', stockStatus: 'out_of_stock' },
      { code: 'green', name: 'Green', stockStatus: 'low' },
    ]);
    const detail = async (lang: 'en' | 'zh' = 'en') => (await anonymous<TProductDetail>('GET', `/api/items/${id}`, { lang })).body;
    const zh = await detail('zh');
    expect(zh.types).toEqual([
      { code: 'red', name: '红色', stockStatus: 'in_stock', available: 40 },
      { code: 'blue', name: '蓝色', stockStatus: 'out_of_stock', available: 0 },
      { code: 'green', name: '绿色', stockStatus: 'low', available: 3 },
    ]);
    expect(zh.available).toBe(43);
    // A staff recount shows on the (cached) page at once.
    await setStock(id, [{ typeCode: 'blue', onHand: 12 }]);
    expect((await detail()).types.map((s) => [s.code, s.stockStatus, s.available])).toEqual([
      ['red', 'in_stock', 40],
      ['blue', 'in_stock', 12],
      ['green', 'low', 3],
    ]);
  });

  it('untracked products have no counts and read as in stock; pre-order styles with nothing read as pre-order', async () => {
    const plain = (await anonymous<TProductDetail>('GET', `/api/items/${t.products.cube}`)).body;
    expect(plain.types.map((s) => [s.stockStatus, s.available])).toEqual([
      ['in_stock', null],
      ['in_stock', null],
    ]);
    expect(plain.available).toBeNull();
    const pre = await product('Style Preorder', { types: COLOURS.slice(0, 2), preorder: true });
    await setStock(pre, [{ typeCode: 'red', onHand: 30 }]);
    const detail = (await anonymous<TProductDetail>('GET', `/api/items/${pre}`)).body;
    expect(detail.types.map((s) => [s.code, s.stockStatus, s.available])).toEqual([
      ['red', 'in_stock', 30],
      ['blue', 'preorder', 0],
    ]);
    // A product without styles: its own count.
    const single = await product('Style Single');
    await setStock(single, [{ typeCode: '', onHand: 7 }]);
    expect((await anonymous<TProductDetail>('GET', `/api/items/${single}`)).body).toMatchObject({ types: [], available: 7, stockStatus: 'low' });
  });

  it('a style with fewer pieces than the minimum order counts as out of stock', async () => {
    const id = await product('Style Carton', { types: COLOURS.slice(0, 2), moq: 12, orderMultiple: 12 });
    await setStock(id, [
      { typeCode: 'red', onHand: 30 },
      { typeCode: 'blue', onHand: 5 },
    ]);
    const detail = (await anonymous<TProductDetail>('GET', `/api/items/${id}`)).body;
    expect(detail.types.map((s) => [s.code, s.stockStatus, s.available])).toEqual([
      ['red', 'in_stock', 30],
      ['blue', 'out_of_stock', 5],
    ]);
  });
});

describe('the cart takes no more of a style than is available', () => {
  it('refuses a style with nothing available, naming the product and style, in English and Chinese', async () => {
    const id = await product('Sold Cube', { types: COLOURS.slice(0, 2) });
    await setStock(id, [
      { typeCode: 'red', onHand: 8 },
      { typeCode: 'blue', onHand: 0 },
    ]);
    const c = await buyer();
    const en = await add(c, { itemId: id, type: 'blue', quantity: 1 });
    expect(en.status).toBe(400);
    expect(en.body.desc).toBe('Sold Cube (Blue) is out of stock and cannot be added to the cart');
    expect(en.body.details).toEqual({ reason: 'stock', itemId: id, type: 'blue', available: 0, max: 0, inCart: 0 });
    const zh = await add(c, { itemId: id, type: 'blue', quantity: 1 }, 'zh');
    expect(zh.status).toBe(400);
    expect(zh.body.desc).toBe('Sold Cube（中）（蓝色） 已售罄，无法加入购物车');
    expect((await c<TCartItemList>('GET', '/api/cart/items')).body.data).toEqual([]);
    // The other style goes in.
    expect((await add(c, { itemId: id, type: 'red', quantity: 2 })).status).toBe(200);
  });

  it('refuses more than is left, with the pieces left and what the line may hold; lowering is always allowed', async () => {
    const id = await product('Short Cube');
    await setStock(id, [{ typeCode: '', onHand: 5 }]);
    const c = await buyer();
    const tooMany = await add(c, { itemId: id, quantity: 6 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.desc).toBe('Only 5 of Short Cube available, so your cart can hold at most 5');
    const line = await add(c, { itemId: id, quantity: 3 });
    expect(line.status).toBe(200);
    expect(line.body).toMatchObject({ quantity: 3, available: 5, stockShort: false });
    const more = await add(c, { itemId: id, quantity: 3 }, 'zh');
    expect(more.status).toBe(400);
    expect(more.body.desc).toBe('Short Cube（中） 仅剩 5 件，购物车中已有 3 件，最多可放 5 件');
    expect(more.body.details).toMatchObject({ itemId: id, type: '', available: 5, max: 5, inCart: 3 });
    const raise = await c<Json>('PUT', `/api/cart/items/${line.body.id}`, { body: { quantity: 9 } });
    expect(raise.status).toBe(400);
    expect(raise.body.desc).toBe('Only 5 of Short Cube available, so your cart can hold at most 5');
    expect((await c<TCartItem>('PATCH', `/api/cart/items/${line.body.id}`, { body: { quantity: 5 } })).body.quantity).toBe(5);
    // The stock falls under the line: it is marked short, may be lowered but not raised.
    await setStock(id, [{ typeCode: '', onHand: 2 }]);
    expect((await c<TCartItem>('GET', `/api/cart/items/${line.body.id}`)).body).toMatchObject({ quantity: 5, available: 2, stockShort: true });
    const lowered = await c<TCartItem>('PUT', `/api/cart/items/${line.body.id}`, { body: { quantity: 4 } });
    expect(lowered.status).toBe(200);
    expect(lowered.body).toMatchObject({ quantity: 4, stockShort: true });
    expect((await c<Json>('PUT', `/api/cart/items/${line.body.id}`, { body: { quantity: 5 } })).status).toBe(400);
    expect((await c<TCartItem>('PUT', `/api/cart/items/${line.body.id}`, { body: { quantity: 2 } })).body).toMatchObject({ quantity: 2, stockShort: false });
  });

  it('counts only whole order multiples: fewer pieces than the minimum order cannot be added', async () => {
    const id = await product('Carton Cube', { moq: 6, orderMultiple: 6 });
    await setStock(id, [{ typeCode: '', onHand: 14 }]);
    const c = await buyer();
    const over = await add(c, { itemId: id, quantity: 18 });
    expect(over.body.desc).toBe('Only 14 of Carton Cube available, so your cart can hold at most 12');
    expect((await add(c, { itemId: id, quantity: 12 })).status).toBe(200);
    await setStock(id, [{ typeCode: '', onHand: 4 }]);
    const d = await buyer();
    const below = await add(d, { itemId: id, quantity: 6 });
    expect(below.status).toBe(400);
    expect(below.body.desc).toBe('Only 4 of Carton Cube left, fewer than its minimum order of 6, so it cannot be added to the cart');
    expect((await add(d, { itemId: id, quantity: 6 }, 'zh')).body.desc).toBe('Carton Cube（中） 仅剩 4 件，不足起订量 6 件，无法加入购物车');
  });

  it('never refuses a product that takes pre-orders, nor one whose stock is not tracked', async () => {
    const pre = await product('Preorder Style', { types: COLOURS.slice(0, 2), preorder: true });
    await setStock(pre, [{ typeCode: 'red', onHand: 2 }]);
    const c = await buyer();
    const line = await add(c, { itemId: pre, type: 'blue', quantity: 4 });
    expect(line.status).toBe(200);
    expect(line.body).toMatchObject({ stockStatus: 'preorder', available: 0, stockShort: false, preorder: true });
    expect((await add(c, { itemId: pre, type: 'red', quantity: 9 })).status).toBe(200);
    const untracked = await add(c, { itemId: t.products.cube, type: 'black', quantity: 5_000 });
    expect(untracked.status).toBe(200);
    expect(untracked.body).toMatchObject({ available: null, stockShort: false });
  });
});

describe('an order refused for stock', () => {
  it('names each short line with what is left (details for the storefront), and a reorder leaves out what is sold out', async () => {
    const id = await product('Order Style', { types: COLOURS.slice(0, 2) });
    await setStock(id, [
      { typeCode: 'red', onHand: 10 },
      { typeCode: 'blue', onHand: 10 },
    ]);
    const c = await buyer();
    await add(c, { itemId: id, type: 'red', quantity: 4 });
    await add(c, { itemId: id, type: 'blue', quantity: 3 });
    await setStock(id, [{ typeCode: 'red', onHand: 1 }]);
    const refused = await c<Json>('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': randomUUID() } });
    expect(refused.status).toBe(400);
    expect(refused.body.desc).toBe('Not enough stock; please lower the quantity and order again: Order Style (red): only 1 available');
    expect(refused.body.details).toEqual({ reason: 'stockShort', lines: [{ itemId: id, typeCode: 'red', name: 'Order Style', requested: 4, available: 1 }] });
    // Lowered to what is left, the order goes through.
    const red = (await c<TCartItemList>('GET', '/api/cart/items')).body.data.find((l) => l.type === 'red')!;
    expect(red).toMatchObject({ stockShort: true, available: 1 });
    expect((await c('PUT', `/api/cart/items/${red.id}`, { body: { quantity: 1 } })).status).toBe(200);
    const placed = await c<Json>('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': randomUUID() } });
    expect(placed.status).toBe(201);
    // Red is gone now (the order holds the last one): a reorder puts back only blue.
    const again = await c<TReorderResult>('POST', '/api/orders/reorder', { body: { id: placed.body.id } });
    expect(again.status).toBe(200);
    expect(again.body.added.map((a) => [a.type, a.quantity])).toEqual([['blue', 3]]);
    expect(again.body.unavailable).toEqual([{ itemId: id, type: 'red', name: 'Order Style', reason: 'stock' }]);
  });
});
