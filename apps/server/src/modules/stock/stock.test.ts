// Over 400 lines: the stock rules' journeys, sharing one shop.
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuditList, TCartItem, TOrderDetail, TProduct, TProductDetail, TProductList, TStaffRole, TStockLevels } from '@cubeshop/shared';
import { createBuyer, createShopApp, orderPayload, shopClient, type Json, type ShopApp, type ShopCall } from '../../test/shop.js';
import { TEST_DB_KIND } from '../../test/harness.js';
import { lineStock, stockStatusOf } from './stock.service.js';

// Stock (docs/catalog.md, Stock): reserved by placing an order in its transaction, released by a
// cancel, consumed when the goods leave; the race for the last pieces; what buyers see on cards,
// details and cart lines; the staff route. Runs on PGlite and, in the PostgreSQL pass of npm
// test, on PostgreSQL with real concurrent connections.
let t: ShopApp;
const staff = {} as Record<TStaffRole, ShopCall>;
let anonymous: ShopCall;

async function staffMember(role: TStaffRole): Promise<ShopCall> {
  const user = await t.services.account.createUser({ account: `${role}_${randomBytes(3).toString('hex')}`, name: `${role} person`, role });
  return shopClient(t, await t.services.authn.issueUserToken(user.id));
}
const buyer = async () => shopClient(t, (await createBuyer(t, 'stock')).token);
const place = (c: ShopCall) => c<Json>('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': randomUUID() } });
async function fill(c: ShopCall, lines: { itemId: number; type?: string; quantity: number }[]) {
  for (const body of lines) expect((await c('POST', '/api/cart/items', { body })).status).toBe(200);
}
const setStock = async (itemId: number, lines: { typeCode: string; onHand: number }[]) => {
  const res = await staff.warehouse<TStockLevels>('PUT', `/api/admin/items/${itemId}/stock`, { body: { lines } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const levels = async (itemId: number) => (await staff.owner<TStockLevels>('GET', `/api/admin/items/${itemId}/stock`)).body;
const line = async (itemId: number, typeCode = '') => (await levels(itemId)).lines.find((l) => l.typeCode === typeCode)!;
/** Rows of a raw query (what the API does not show: order_items.stock_reserved). */
const query = async <T>(q: ReturnType<typeof sql>): Promise<T[]> => ((await t.services.database.db.execute(q)) as { rows: T[] }).rows;
const reservedOnLines = (orderId: number) =>
  query<{ item_id: number | string; type_code: string; quantity: number; stock_reserved: number }>(
    sql`select item_id, type_code, quantity, stock_reserved from order_items where order_id = ${orderId} order by position`,
  );
const transition = (orderId: number, body: Record<string, unknown>) => staff.owner('POST', `/api/admin/orders/${orderId}/transitions`, { body });

/** A product of its own per test (a name the messages can be checked against). */
async function product(
  name: string,
  extra: { types?: { code: string; zh: string; en: string }[]; preorder?: boolean; lowStockAt?: number } = {},
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

beforeAll(async () => {
  t = await createShopApp();
  for (const role of ['owner', 'sales', 'warehouse', 'catalog', 'service'] as const) staff[role] = await staffMember(role);
  anonymous = shopClient(t, undefined);
});
afterAll(async () => {
  await t.close();
});

describe('stockStatusOf', () => {
  const item = { preorder: false, lowStockAt: 10 };
  it('reads a product without rows as not tracked (in stock, or pre-order) and a tracked one by the pieces available', () => {
    expect(stockStatusOf(item, undefined)).toBe('in_stock');
    expect(stockStatusOf({ ...item, preorder: true }, undefined)).toBe('preorder');
    expect(stockStatusOf(item, [{ typeCode: 'a', onHand: 30, reserved: 0 }])).toBe('in_stock');
    expect(stockStatusOf(item, [{ typeCode: 'a', onHand: 30, reserved: 20 }])).toBe('low');
    expect(
      stockStatusOf(item, [
        { typeCode: 'a', onHand: 5, reserved: 2 },
        { typeCode: 'b', onHand: 8, reserved: 0 },
      ]),
    ).toBe('in_stock');
    expect(stockStatusOf(item, [{ typeCode: 'a', onHand: 5, reserved: 5 }])).toBe('out_of_stock');
    expect(stockStatusOf({ ...item, preorder: true }, [{ typeCode: 'a', onHand: 0, reserved: 7 }])).toBe('preorder');
    expect(stockStatusOf({ ...item, preorder: true }, [{ typeCode: 'a', onHand: 50, reserved: 0 }])).toBe('in_stock');
  });
  it('tells a cart line how many pieces it may have', () => {
    expect(lineStock(item, '', 5, undefined)).toEqual({ stockStatus: 'in_stock', available: null, stockShort: false, preorder: false });
    expect(lineStock(item, 'b', 5, [{ typeCode: 'a', onHand: 50, reserved: 0 }])).toEqual({
      stockStatus: 'out_of_stock',
      available: 0,
      stockShort: true,
      preorder: false,
    });
    expect(lineStock(item, 'a', 5, [{ typeCode: 'a', onHand: 6, reserved: 3 }])).toEqual({
      stockStatus: 'low',
      available: 3,
      stockShort: true,
      preorder: false,
    });
    expect(lineStock({ ...item, preorder: true }, 'a', 5, [{ typeCode: 'a', onHand: 0, reserved: 0 }])).toEqual({
      stockStatus: 'preorder',
      available: 0,
      stockShort: false,
      preorder: true,
    });
  });
});

describe(`the race for the last pieces (${TEST_DB_KIND})`, () => {
  it('50 buyers racing for the last 10 units get exactly 10 between them; the others are refused with the pieces left', async () => {
    const id = await product('Race Cube');
    await setStock(id, [{ typeCode: '', onHand: 10 }]);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => buyer()));
    for (const c of buyers) await fill(c, [{ itemId: id, quantity: 1 }]);
    const results = await Promise.all(buyers.map((c) => place(c)));
    const created = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(created).toHaveLength(10);
    expect(refused.map((r) => r.status)).toEqual(Array(40).fill(400));
    for (const r of refused) expect(r.body.desc).toBe('Not enough stock; please lower the quantity and order again: Race Cube: only 0 available');
    const after = await line(id);
    expect(after).toEqual({ typeCode: '', onHand: 10, reserved: 10, available: 0 });
    const [ordered] = await query<{ q: number; r: number }>(
      sql`select coalesce(sum(quantity), 0)::int as q, coalesce(sum(stock_reserved), 0)::int as r from order_items where item_id = ${id}`,
    );
    expect(ordered).toEqual({ q: 10, r: 10 });
    // A refused buyer keeps the cart, its line now marked short.
    const loser = buyers[results.indexOf(refused[0]!)]!;
    expect((await loser<{ data: TCartItem[] }>('GET', '/api/cart/items')).body.data[0]).toMatchObject({
      stockStatus: 'out_of_stock',
      available: 0,
      stockShort: true,
    });
  });

  it('buyers asking 1-4 pieces each never take more than there is, and reserved equals the ordered pieces', async () => {
    const id = await product('Race Timer', {
      types: [
        { code: 'red', zh: '红', en: 'Red' },
        { code: 'blue', zh: '蓝', en: 'Blue' },
      ],
    });
    const buyers = await Promise.all(Array.from({ length: 30 }, () => buyer()));
    // The carts are filled while the product is not tracked yet (the cart takes no more than is
    // available), then the stock is counted: the buyers race for fewer pieces than they ask.
    for (const [i, c] of buyers.entries()) await fill(c, [{ itemId: id, type: i % 3 === 0 ? 'blue' : 'red', quantity: 1 + (i % 4) }]);
    await setStock(id, [
      { typeCode: 'red', onHand: 10 },
      { typeCode: 'blue', onHand: 3 },
    ]);
    const results = await Promise.all(buyers.map((c) => place(c)));
    expect(results.every((r) => r.status === 201 || r.status === 400)).toBe(true);
    const rows = await query<{ type_code: string; q: number; r: number }>(
      sql`select type_code, sum(quantity)::int as q, sum(stock_reserved)::int as r from order_items where item_id = ${id} group by type_code`,
    );
    const after = await levels(id);
    for (const l of after.lines) {
      const ordered = rows.find((r) => r.type_code === l.typeCode) ?? { q: 0, r: 0 };
      expect(l.reserved).toBe(ordered.q);
      expect(ordered.r).toBe(ordered.q);
      expect(l.reserved).toBeLessThanOrEqual(l.onHand);
      expect(l.available).toBeGreaterThanOrEqual(0);
    }
    // Someone got pieces of each type, and the red pieces left are fewer than anyone still asks for or none.
    expect(after.lines.find((l) => l.typeCode === 'red')!.reserved).toBeGreaterThan(0);
  });
});

describe('an order holds, gives back and uses up stock', () => {
  it("a shortfall refuses the whole order and names every short product, in the buyer's language", async () => {
    const a = await product('Short Alpha');
    const b = await product('Short Beta');
    const plenty = await product('Plenty Gamma');
    await setStock(a, [{ typeCode: '', onHand: 3 }]);
    await setStock(b, [{ typeCode: '', onHand: 1 }]);
    await setStock(plenty, [{ typeCode: '', onHand: 100 }]);
    const c = await buyer();
    await fill(c, [
      { itemId: plenty, quantity: 5 },
      { itemId: a, quantity: 3 },
      { itemId: b, quantity: 1 },
    ]);
    // The stock falls after the lines went in (a recount, another buyer's order).
    await setStock(a, [{ typeCode: '', onHand: 2 }]);
    await setStock(b, [{ typeCode: '', onHand: 0 }]);
    const en = await place(c);
    expect(en.status).toBe(400);
    expect(en.body.desc).toBe('Not enough stock; please lower the quantity and order again: Short Alpha: only 2 available, Short Beta: only 0 available');
    const zh = await c<Json>('POST', '/api/orders', { body: orderPayload(), headers: { 'idempotency-key': randomUUID() }, lang: 'zh' });
    expect(zh.body.desc).toBe('库存不足，请减少数量后再下单：Short Alpha（中）：仅剩 2 件、Short Beta（中）：仅剩 0 件');
    // Nothing was kept, not even the line that had enough.
    expect((await line(plenty)).reserved).toBe(0);
    expect((await line(a)).reserved).toBe(0);
  });

  it('cancelling releases what the order reserved, once', async () => {
    const id = await product('Cancel Cube', { types: [{ code: 'x', zh: 'X', en: 'X' }] });
    await setStock(id, [{ typeCode: 'x', onHand: 20 }]);
    const c = await buyer();
    await fill(c, [{ itemId: id, type: 'x', quantity: 6 }]);
    const placed = await place(c);
    expect(placed.status).toBe(201);
    expect(await line(id, 'x')).toEqual({ typeCode: 'x', onHand: 20, reserved: 6, available: 14 });
    expect((await reservedOnLines(placed.body.id))[0]!.stock_reserved).toBe(6);
    expect((await transition(placed.body.id, { status: 'cancel', reason: 'buyer asked' })).status).toBe(200);
    expect(await line(id, 'x')).toEqual({ typeCode: 'x', onHand: 20, reserved: 0, available: 20 });
    expect((await reservedOnLines(placed.body.id))[0]!.stock_reserved).toBe(0);
    // A second cancel is refused by the state machine and changes nothing.
    expect((await transition(placed.body.id, { status: 'cancel', reason: 'again' })).status).toBe(409);
    expect((await line(id, 'x')).reserved).toBe(0);
  });

  it('an approved cancellation request releases the stock too', async () => {
    const id = await product('Request Cube');
    await setStock(id, [{ typeCode: '', onHand: 9 }]);
    const c = await buyer();
    await fill(c, [{ itemId: id, quantity: 4 }]);
    const placed = await place(c);
    expect((await line(id)).reserved).toBe(4);
    const request = await c<Json>('POST', `/api/orders/${placed.body.id}/requests`, { body: { kind: 'cancel', reason: 'changed my mind' } });
    expect(request.status, JSON.stringify(request.body)).toBe(201);
    const decided = await staff.owner('POST', `/api/admin/requests/${request.body.data[0].id}/decision`, { body: { decision: 'approve', note: 'ok' } });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(await line(id)).toEqual({ typeCode: '', onHand: 9, reserved: 0, available: 9 });
  });

  it('the goods leaving (outbound) take the packed pieces off the shelf; a line packed short releases the rest', async () => {
    const full = await product('Ship Full');
    const short = await product('Ship Short');
    await setStock(full, [{ typeCode: '', onHand: 50 }]);
    await setStock(short, [{ typeCode: '', onHand: 50 }]);
    const c = await buyer();
    await fill(c, [
      { itemId: full, quantity: 5 },
      { itemId: short, quantity: 10 },
    ]);
    const placed = await place(c);
    expect(placed.status).toBe(201);
    const order = (await c<TOrderDetail>('GET', `/api/orders/${placed.body.id}`)).body;
    const shortLine = order.items.find((l) => l.itemId === short)!;
    expect((await staff.owner('PUT', `/api/admin/orders/${order.id}/lines/${shortLine.id}`, { body: { actualQuantity: 7 } })).status).toBe(200);
    expect((await transition(order.id, { status: 'outbound', shipUnpaid: true, reason: 'trusted buyer' })).status).toBe(200);
    expect(await line(full)).toEqual({ typeCode: '', onHand: 45, reserved: 0, available: 45 });
    expect(await line(short)).toEqual({ typeCode: '', onHand: 43, reserved: 0, available: 43 });
    expect((await reservedOnLines(order.id)).map((l) => l.stock_reserved)).toEqual([0, 0]);
    // Later steps and a cancel after the goods left change the stock no more.
    expect((await transition(order.id, { status: 'cancel', reason: 'lost parcel' })).status).toBe(200);
    expect((await line(full)).onHand).toBe(45);
    expect((await line(full)).reserved).toBe(0);
  });

  it('a pre-order product may be ordered beyond what is on hand', async () => {
    const id = await product('Preorder Cube', { preorder: true });
    await setStock(id, [{ typeCode: '', onHand: 2 }]);
    const c = await buyer();
    await fill(c, [{ itemId: id, quantity: 5 }]);
    const cart = (await c<{ data: TCartItem[] }>('GET', '/api/cart/items')).body.data[0]!;
    expect({ status: cart.stockStatus, available: cart.available, short: cart.stockShort }).toEqual({ status: 'low', available: 2, short: false });
    const placed = await place(c);
    expect(placed.status).toBe(201);
    expect(await line(id)).toEqual({ typeCode: '', onHand: 2, reserved: 5, available: 0 });
    const card = (await anonymous<TProductDetail>('GET', `/api/items/${id}`)).body;
    expect(card.stockStatus).toBe('preorder');
    // Shipping it once the pieces came in: on hand 10 −5, nothing reserved.
    await setStock(id, [{ typeCode: '', onHand: 10 }]);
    expect((await transition(placed.body.id, { status: 'outbound', shipUnpaid: true, reason: 'arrived' })).status).toBe(200);
    expect(await line(id)).toEqual({ typeCode: '', onHand: 5, reserved: 0, available: 5 });
  });

  it('a pre-order of a type that has no row yet creates it; the same type of a product without pre-orders is out of stock', async () => {
    const types = [
      { code: 'red', zh: '红', en: 'Red' },
      { code: 'blue', zh: '蓝', en: 'Blue' },
    ];
    const pre = await product('Preorder Types', { types, preorder: true });
    const plain = await product('Plain Types', { types });
    await setStock(pre, [{ typeCode: 'red', onHand: 5 }]);
    const c = await buyer();
    await fill(c, [{ itemId: pre, type: 'blue', quantity: 3 }]);
    expect((await place(c)).status).toBe(201);
    expect(await line(pre, 'blue')).toEqual({ typeCode: 'blue', onHand: 0, reserved: 3, available: 0 });
    const d = await buyer();
    // Added while the product was not tracked; then staff count only its red pieces.
    await fill(d, [{ itemId: plain, type: 'blue', quantity: 1 }]);
    await setStock(plain, [{ typeCode: 'red', onHand: 5 }]);
    const refused = await place(d);
    expect(refused.status).toBe(400);
    expect(refused.body.desc).toContain('Plain Types (blue): only 0 available');
  });

  it('a product without stock rows is not tracked: any quantity goes and nothing is reserved', async () => {
    const c = await buyer();
    await fill(c, [{ itemId: t.products.sticker, quantity: 500 }]);
    const cart = (await c<{ data: TCartItem[] }>('GET', '/api/cart/items')).body.data[0]!;
    expect({ status: cart.stockStatus, available: cart.available, short: cart.stockShort }).toEqual({ status: 'in_stock', available: null, short: false });
    const placed = await place(c);
    expect(placed.status).toBe(201);
    expect((await reservedOnLines(placed.body.id))[0]!.stock_reserved).toBe(0);
    expect((await levels(t.products.sticker)).tracked).toBe(false);
  });
});

describe('what buyers see', () => {
  it('cards, details and cart lines carry the stock state; the summary counts products in stock', async () => {
    const before = (await anonymous<{ productsInStock: number }>('GET', '/api/stock/summary')).body.productsInStock;
    const low = await product('Seen Low');
    const out = await product('Seen Out');
    const pre = await product('Seen Pre', { preorder: true });
    const plenty = await product('Seen Plenty');
    const c = await buyer();
    // In the cart before the count fell to 3 (the cart takes no more than is available).
    await setStock(low, [{ typeCode: '', onHand: 5 }]);
    await fill(c, [{ itemId: low, quantity: 5 }]);
    await setStock(low, [{ typeCode: '', onHand: 3 }]);
    await setStock(out, [{ typeCode: '', onHand: 0 }]);
    await setStock(pre, [{ typeCode: '', onHand: 0 }]);
    await setStock(plenty, [{ typeCode: '', onHand: 300 }]);
    const list = (await anonymous<TProductList>('GET', '/api/items', { query: { keyword: 'Seen', recPerPage: 50 } })).body;
    const status = Object.fromEntries(list.data.map((p: TProduct) => [p.name, p.stockStatus]));
    expect(status).toEqual({ 'Seen Low': 'low', 'Seen Out': 'out_of_stock', 'Seen Pre': 'preorder', 'Seen Plenty': 'in_stock' });
    expect((await anonymous<TProductDetail>('GET', `/api/items/${out}`)).body.stockStatus).toBe('out_of_stock');
    const cart = (await c<{ data: TCartItem[] }>('GET', '/api/cart/items')).body.data[0]!;
    expect({ status: cart.stockStatus, available: cart.available, short: cart.stockShort }).toEqual({ status: 'low', available: 3, short: true });
    // The summary is reused for a minute; a staff change drops it.
    const after = (await anonymous<{ productsInStock: number }>('GET', '/api/stock/summary')).body.productsInStock;
    expect(after).toBe(before + 2 - 0);
    const total = (await anonymous<TProductList>('GET', '/api/items', { query: { recPerPage: 1 } })).body.pager.recTotal;
    const rows = await query<{ n: number }>(sql`select count(*)::int as n from item_stock group by item_id having sum(greatest(on_hand - reserved, 0)) = 0`);
    expect(after).toBe(total - rows.length);
  });
});

describe('a staff stock change on the storefront', () => {
  it('shows in cached pages and details at once, without emptying the rest of the catalog or rebuilding the search index', async () => {
    const id = await product('Recount Cube');
    await setStock(id, [{ typeCode: '', onHand: 50 }]);
    const page = async () =>
      (await anonymous<TProductList>('GET', '/api/items', { query: { keyword: 'Recount', recPerPage: 50 } })).body.data.find((p) => p.id === id)!.stockStatus;
    const detail = async () => (await anonymous<TProductDetail>('GET', `/api/items/${id}`)).body.stockStatus;
    expect([await page(), await detail()]).toEqual(['in_stock', 'in_stock']);
    const index = await t.services.catalog.search.index();
    await setStock(id, [{ typeCode: '', onHand: 0 }]);
    expect([await page(), await detail()]).toEqual(['out_of_stock', 'out_of_stock']);
    // Names, prices and orders did not change: the same search index answers.
    expect(await t.services.catalog.search.index()).toBe(index);
  });

  it('an order taking the last piece, and its cancel, show on the product page at once', async () => {
    const id = await product('Last Piece Cube');
    await setStock(id, [{ typeCode: '', onHand: 1 }]);
    const detail = async () => (await anonymous<TProductDetail>('GET', `/api/items/${id}`)).body.stockStatus;
    expect(await detail()).toBe('low');
    const c = await buyer();
    await fill(c, [{ itemId: id, quantity: 1 }]);
    const placed = await place(c);
    expect(placed.status).toBe(201);
    // The detail was cached a moment ago: the order's move of the stock drops it.
    expect(await detail()).toBe('out_of_stock');
    expect((await transition(placed.body.id, { status: 'cancel', reason: 'buyer asked' })).status).toBe(200);
    expect(await detail()).toBe('low');
  });
});

describe('PUT /api/admin/items/{id}/stock', () => {
  it('lets owner, catalog and warehouse set pieces on hand, audited with before and after', async () => {
    const id = await product('Staff Cube', {
      types: [
        { code: 'a', zh: 'A', en: 'A' },
        { code: 'b', zh: 'B', en: 'B' },
      ],
    });
    for (const role of ['sales', 'service'] as const) {
      expect((await staff[role]('PUT', `/api/admin/items/${id}/stock`, { body: { lines: [{ typeCode: 'a', onHand: 1 }] } })).status).toBe(403);
    }
    expect((await anonymous('PUT', `/api/admin/items/${id}/stock`, { body: { lines: [{ typeCode: 'a', onHand: 1 }] } })).status).toBe(401);
    for (const role of ['owner', 'catalog', 'warehouse'] as const) {
      const res = await staff[role]<TStockLevels>('PUT', `/api/admin/items/${id}/stock`, { body: { lines: [{ typeCode: 'a', onHand: 4 }] } });
      expect(res.status).toBe(200);
    }
    const res = await staff.warehouse<TStockLevels>('PUT', `/api/admin/items/${id}/stock`, {
      body: {
        lines: [
          { typeCode: 'b', onHand: 30 },
          { typeCode: 'a', onHand: 7 },
        ],
      },
    });
    expect(res.body).toEqual({
      itemId: id,
      tracked: true,
      stockStatus: 'in_stock',
      lines: [
        { typeCode: 'a', onHand: 7, reserved: 0, available: 7 },
        { typeCode: 'b', onHand: 30, reserved: 0, available: 30 },
      ],
    });
    const audit = (await staff.owner<TAuditList>('GET', '/api/admin/audit', { query: { entity: 'item', recPerPage: 200 } })).body;
    const entry = audit.data.find((e) => e.action === 'stock.adjust' && e.entityId === String(id) && (e.after as Json)?.b);
    expect(entry?.before).toEqual({ a: { onHand: 4, reserved: 0 } });
    expect(entry?.after).toEqual({ a: { onHand: 7, reserved: 0 }, b: { onHand: 30, reserved: 0 } });
  });

  it('refuses a type the product does not have, a negative count and an unknown product', async () => {
    const id = await product('Staff Plain');
    const bad = await staff.owner<Json>('PUT', `/api/admin/items/${id}/stock`, { body: { lines: [{ typeCode: 'zz', onHand: 1 }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.desc).toBe('The product has no type zz');
    expect((await staff.owner('PUT', `/api/admin/items/${id}/stock`, { body: { lines: [{ typeCode: '', onHand: -1 }] } })).status).toBe(400);
    expect((await staff.owner('PUT', `/api/admin/items/${id}/stock`, { body: { lines: [] } })).status).toBe(400);
    expect((await staff.owner('PUT', '/api/admin/items/999999999/stock', { body: { lines: [{ typeCode: '', onHand: 1 }] } })).status).toBe(404);
  });
});
